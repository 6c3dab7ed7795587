import DownloadIcon from '@mui/icons-material/Download';
import { DownloadButton } from './DownloadButton';

const EXPORT_WORDS = { busy: 'Exporting...', done: 'Exported', failed: 'The export failed.' };

/** A button that downloads a CSV file of the panel (see DownloadButton). */
export function CsvButton({
  url,
  fileName,
  label = 'Export to CSV',
  ariaLabel,
  disabled = false,
}: {
  url: string;
  fileName: string;
  label?: string;
  ariaLabel?: string;
  disabled?: boolean;
}) {
  return (
    <DownloadButton
      url={url}
      fileName={fileName}
      label={label}
      ariaLabel={ariaLabel}
      disabled={disabled}
      icon={<DownloadIcon />}
      words={EXPORT_WORDS}
    />
  );
}
