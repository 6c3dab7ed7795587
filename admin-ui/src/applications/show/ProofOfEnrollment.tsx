import { Box, Link, Typography } from '@mui/material';
import { formatFileSize } from '@svp/domain';
import { useEffect, useState } from 'react';
import { HttpError } from 'react-admin';
import { LoadingText } from '../../common/LoadingText';
import { useAdminQuery } from '../../common/useAdminQuery';

/** A data URL as a blob URL: PDF viewers open those reliably, and it downloads under its name. */
function blobUrlOf(dataURL: string): string {
  const [head, base64 = ''] = dataURL.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return URL.createObjectURL(new Blob([bytes], { type }));
}

/** The proof of enrollment of the application's edition (an earlier edition's stays readable), embedded as a PDF or shown as an image. */
export function ProofOfEnrollment({ svid, edition }: { svid: string; edition?: number }) {
  const proof = useAdminQuery((api) => api.proofFile(svid, edition), `${svid}:${edition ?? 'current'}`);
  const [viewUrl, setViewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!proof.data) return;
    const url = blobUrlOf(proof.data.dataURL);
    setViewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [proof.data]);

  if (proof.error) {
    const missing = proof.error instanceof HttpError && proof.error.status === 404;
    return (
      <Typography color={missing ? 'text.secondary' : 'error'}>
        {missing ? 'No proof of enrollment uploaded.' : 'Unable to load application'}
      </Typography>
    );
  }
  if (!proof.data || !viewUrl) return <LoadingText>Loading the proof of enrollment...</LoadingText>;
  const file = proof.data;
  const name = file.original_name || file.name;
  const title = `Proof of enrollment (${name})`;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {name} · {formatFileSize(file.size)} ·{' '}
        <Link href={viewUrl} download={name}>
          Download
        </Link>
      </Typography>
      {file.type === 'application/pdf' ? (
        <Box
          component="object"
          data={viewUrl}
          type="application/pdf"
          aria-label={title}
          data-testid="proof-of-enrollment"
          sx={{ width: '100%', height: { xs: 420, md: 640 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Typography sx={{ p: 2 }}>
            This browser cannot show PDF files here.{' '}
            <Link href={viewUrl} download={name}>
              Download the proof of enrollment
            </Link>{' '}
            to open it.
          </Typography>
        </Box>
      ) : (
        <Box
          component="img"
          src={viewUrl}
          alt={title}
          data-testid="proof-of-enrollment"
          sx={{ maxWidth: '100%', height: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
    </Box>
  );
}
