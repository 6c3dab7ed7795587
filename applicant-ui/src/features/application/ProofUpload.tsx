import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import { type ProofOfEnrollment, formatFileSize } from '@svp/domain';
import { type DragEvent, useRef, useState } from 'react';
import { endpoints, putFile } from '../../api/endpoints';
import { useRequired } from '../../components/form-fields';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { checkProofFiles } from './applicationForm';

/**
 * The proof of enrollment box: drop or choose exactly one PDF or JPEG under
 * 4 MB. Files the rules refuse never leave the browser; an accepted file goes to a signed upload
 * URL with a progress bar, and the application is then reloaded, since the server owns the proof.
 */
export function ProofUpload({
  userId,
  svid,
  proof,
  onProofChange,
}: {
  userId: number;
  svid: string;
  proof: ProofOfEnrollment | null;
  onProofChange: (proof: ProofOfEnrollment | null) => void;
}) {
  const { setApplication } = useSession();
  const { showError } = useAlerts();
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [dragging, setDragging] = useState(false);
  const busy = progress !== null || removing;
  const required = useRequired('proofOfEnrollment');

  /** The proof as the server now has it; `fallback` when the application cannot be reloaded. */
  const reloadProof = async (fallback: ProofOfEnrollment | null) => {
    try {
      const record = await endpoints.application(userId);
      setApplication(record);
      onProofChange(record.data.proofOfEnrollment ?? null);
    } catch {
      onProofChange(fallback);
    }
  };

  const upload = async (files: ArrayLike<File>) => {
    setRefusal(null);
    const checked = checkProofFiles(files);
    if ('error' in checked) {
      setRefusal(checked.error);
      return;
    }
    setProgress(0);
    try {
      const ticket = await endpoints.requestUpload(userId, checked.type, checked.file.name);
      const stored = await putFile(ticket.url, checked.file, checked.type, setProgress);
      await reloadProof(stored);
    } catch (failure) {
      showError(failure);
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = async () => {
    setRefusal(null);
    setRemoving(true);
    try {
      await endpoints.removeProof(svid);
      await reloadProof(null);
    } catch (failure) {
      showError(failure);
    } finally {
      setRemoving(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) void upload(event.dataTransfer.files);
  };

  return (
    <Box>
      <Typography variant="h3" id="proof-heading" sx={{ mt: 3, mb: 1 }}>
        Proof of Enrollment
        {/* The asterisk as MUI draws it on a required field's label; the file input itself says "required". */}
        {required && <span aria-hidden="true">{'\u2009*'}</span>}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A document from your school that shows you are enrolled as a full-time student: a letter, a transcript or a student card. One PDF or
        JPEG file, under 4 MB.
      </Typography>
      {proof ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
          data-testid="proof-file"
        >
          <InsertDriveFileIcon color="primary" aria-hidden />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {/* The name the applicant chose, as the review shows it; the server stores it as the svid plus its extension. */}
            <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 'bold' }}>{proof.originalName || proof.name}</Typography>
            <Typography color="text.secondary">{formatFileSize(proof.size)}</Typography>
          </Box>
          <Button variant="outlined" color="error" onClick={() => void remove()} disabled={busy}>
            {removing ? 'Removing...' : 'Remove File'}
          </Button>
        </Stack>
      ) : (
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="proof-drop-zone"
          sx={{
            p: 3,
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'grey.400',
            borderRadius: 1,
            bgcolor: dragging ? 'action.hover' : 'transparent',
            textAlign: 'center',
          }}
        >
          <UploadFileIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
          <Typography sx={{ mb: 2 }}>Drag and drop your file here, or</Typography>
          <Button variant="contained" onClick={() => inputRef.current?.click()} disabled={busy} aria-describedby="proof-heading">
            Choose File
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept=".pdf,.jpg,.jpeg,application/pdf,image/jpeg"
            hidden
            required={required}
            aria-label="Proof of enrollment file"
            data-testid="proof-input"
            onChange={(event) => event.target.files && void upload(event.target.files)}
          />
        </Box>
      )}
      {progress !== null && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">Uploading... {Math.round(progress * 100)}%</Typography>
          <LinearProgress variant="determinate" value={progress * 100} aria-label="Upload progress" />
        </Box>
      )}
      {refusal && (
        <FormHelperText error role="alert" sx={{ fontSize: '1rem' }}>
          {refusal}
        </FormHelperText>
      )}
    </Box>
  );
}
