import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

/** The browser's own QR reader where it has one (Android, ChromeOS, macOS, iOS 17+); null elsewhere. */
async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** jsQR on a frame of the video, drawn at most 640 pixels wide. */
async function scriptDetector(): Promise<Detector> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return {
    async detect(source) {
      const video = source as HTMLVideoElement;
      const scale = Math.min(1, 640 / (video.videoWidth || 640));
      canvas.width = Math.max(1, Math.round((video.videoWidth || 640) * scale));
      canvas.height = Math.max(1, Math.round((video.videoHeight || 480) * scale));
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      return found ? [{ rawValue: found.data }] : [];
    },
  };
}

const LOOK_EVERY_MS = 150;
const SAME_CODE_AGAIN_MS = 4000;

/**
 * The phone's camera, reading QR codes: each code read is handed to `onCode` once (the same code is
 * not read again for a few seconds, so a code held in front of the camera checks in one person once).
 */
export function CodeScanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reader, setReader] = useState<'native' | 'script' | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const seen = new Map<string, number>();
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem(
          "The camera could not be opened. Allow this site to use the camera in the browser's settings, or " +
            'check volunteers in by name below.',
        );
        return;
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      const element = video.current!;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const native = await nativeDetector();
      const detector = native ?? (await scriptDetector());
      setReader(native ? 'native' : 'script');
      const look = async () => {
        if (stopped) return;
        if (element.readyState >= 2) {
          try {
            for (const { rawValue } of await detector.detect(element)) {
              const last = seen.get(rawValue) ?? 0;
              if (Date.now() - last < SAME_CODE_AGAIN_MS) continue;
              seen.set(rawValue, Date.now());
              onCodeRef.current(rawValue);
            }
          } catch {
            // A frame that could not be read: the next one may.
          }
        }
        timer = setTimeout(() => void look(), LOOK_EVERY_MS);
      };
      void look();
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Stack spacing={1} component="section" aria-label="Scan check-in codes">
      {problem ? (
        <Alert severity="warning">{problem}</Alert>
      ) : (
        <Box sx={{ position: 'relative', maxWidth: 480 }}>
          <video ref={video} muted playsInline aria-label="Camera" style={{ width: '100%', borderRadius: 8, background: '#000' }} />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {reader === null && !problem ? 'Opening the camera…' : 'Hold a volunteer’s code in front of the camera.'}
      </Typography>
      <Box>
        <Button variant="outlined" onClick={onClose}>
          Stop scanning
        </Button>
      </Box>
    </Stack>
  );
}
