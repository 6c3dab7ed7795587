import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { CERTIFICATE_FILES, certificatesOpen } from '@svp/domain';
import { useRecordContext } from 'react-admin';
import { DownloadButton } from '../common/DownloadButton';
import { useEditionSettings } from '../common/useEditionSettings';

/** Every certificate of service in one PDF, a page per confirmed volunteer or team leader who worked. */
export const ALL_CERTIFICATES_URL = '/api/admin/certificates.pdf';
export const certificateUrl = (userId: number | string) => `/api/admin/certificates/${encodeURIComponent(String(userId))}.pdf`;

/** Whether certificates can be had now (the conference's last day is over, on the server's clock); undefined until the settings arrive. */
function useCertificatesOpen(): { open: boolean; conferenceName: string } | undefined {
  const settings = useEditionSettings();
  return settings && { open: certificatesOpen(settings.conference, new Date(settings.now)), conferenceName: settings.conference.name };
}

/** A PDF of the panel, downloaded with the administrator's token (see DownloadButton). */
const PdfButton = (props: { url: string; fileName: string; label: string; ariaLabel?: string }) => (
  <DownloadButton {...props} icon={<PictureAsPdfIcon />} />
);

/** 'Download all certificates', once the conference is over. */
export function DownloadAllCertificatesButton() {
  const gate = useCertificatesOpen();
  if (!gate?.open) return null;
  return (
    <PdfButton
      url={ALL_CERTIFICATES_URL}
      fileName={CERTIFICATE_FILES.all({ name: gate.conferenceName })}
      label="Download all certificates"
    />
  );
}

/** One person's certificate of service, on their user page, once the conference is over (the server says why when they have none). */
export function UserCertificateButton() {
  const user = useRecordContext<{ id: number; svid: string; firstName: string; lastName: string }>();
  const gate = useCertificatesOpen();
  if (!user || !gate?.open) return null;
  return (
    <PdfButton
      url={certificateUrl(user.id)}
      fileName={CERTIFICATE_FILES.of({ name: gate.conferenceName }, user.svid)}
      label="Certificate of service"
      ariaLabel={`Download the certificate of service of ${user.firstName} ${user.lastName}`}
    />
  );
}
