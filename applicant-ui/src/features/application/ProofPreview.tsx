import { Box, CircularProgress, Link, Typography } from '@mui/material';
import { formatFileSize } from '@svp/domain';
import { useEffect, useState } from 'react';
import { endpoints } from '../../api/endpoints';
import type { ProofFile } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { LOAD_APPLICATION_FAILED } from './apiErrors';

/** A data URL as a blob URL: PDF viewers open those reliably, and it can be downloaded under its name. */
function blobUrlOf(dataURL: string): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  const [head, base64 = ''] = dataURL.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return URL.createObjectURL(new Blob([bytes], { type }));
}

/** The proof of enrollment on the review: an embedded PDF or the image. */
export function ProofPreview({ svid }: { svid: string }) {
  const { showError } = useAlerts();
  const [file, setFile] = useState<(ProofFile & { viewUrl: string }) | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    let blobUrl: string | null = null;
    endpoints.proof(svid).then(
      (loaded) => {
        if (!current) return;
        blobUrl = loaded.type === 'application/pdf' ? blobUrlOf(loaded.dataURL) : null;
        setFile({ ...loaded, viewUrl: blobUrl ?? loaded.dataURL });
      },
      () => {
        if (!current) return;
        setFailed(true);
        showError(LOAD_APPLICATION_FAILED);
      },
    );
    return () => {
      current = false;
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [svid, showError]);

  if (failed) return <Typography color="text.secondary">The proof of enrollment could not be shown.</Typography>;
  if (!file) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>Loading the proof of enrollment...</Typography>
      </Box>
    );
  }
  const title = `Proof of enrollment (${file.original_name || file.name})`;
  return (
    <Box>
      <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {file.original_name || file.name} · {formatFileSize(file.size)} ·{' '}
        <Link href={file.viewUrl} download={file.name}>
          Download
        </Link>
      </Typography>
      {file.type === 'application/pdf' ? (
        <Box
          component="object"
          data={file.viewUrl}
          type="application/pdf"
          aria-label={title}
          sx={{ width: '100%', height: { xs: 420, md: 640 }, border: 1, borderColor: 'divider' }}
        >
          <Typography sx={{ p: 2 }}>
            This browser cannot show PDF files here.{' '}
            <Link href={file.viewUrl} download={file.name}>
              Download the proof of enrollment
            </Link>{' '}
            to open it.
          </Typography>
        </Box>
      ) : (
        <Box component="img" src={file.viewUrl} alt={title} sx={{ maxWidth: '100%', height: 'auto', border: 1, borderColor: 'divider' }} />
      )}
    </Box>
  );
}
