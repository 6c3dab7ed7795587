import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In } from 'typeorm';
import {
  CERTIFICATE_FILES,
  CERTIFICATE_MESSAGES,
  type CertificateLetter,
  type CertificateStatus,
  type EditionSettings,
  type VolunteerReportRow,
  certificateLetter,
  certificateRefusal,
  certificateRefusalMessage,
  certificatesOpen,
  certificatesOpenAt,
  pacificDay,
  programmeSignature,
} from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { Clock } from '../clock/clock.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { ReportsService } from '../reports/reports.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import type { CertificateFallback } from './certificate-pdf.js';
import { CertificateRenderer } from './certificate-renderer.js';

/** A PDF ready to send. */
export interface CertificateFile {
  fileName: string;
  bytes: Uint8Array;
  /** Pages whose text could not all be drawn as typed. */
  fallbacks: CertificateFallback[];
}

/**
 * The certificates of service: a PDF letter per confirmed volunteer or team leader who worked,
 * once the conference's last day is over. The hours are the volunteer report's checked-in hours
 * (ReportsService, domain/src/records), so a certificate never says other than the report.
 */
@Injectable()
export class CertificatesService {
  private readonly logger = new Logger('Certificates');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reports: ReportsService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly renderer: CertificateRenderer,
  ) {}

  /** The users among `ids` who hold a confirmed place in an edition (the current one by default). */
  private async confirmed(ids?: readonly number[], edition?: number): Promise<Set<number>> {
    const editionId = edition ?? (await this.settings.currentId());
    const rows = await this.dataSource.manager.find(Application, {
      where: { editionId, status: 'confirmed', ...(ids ? { userId: In([...ids]) } : {}) },
      select: { id: true, userId: true },
    });
    return new Set(rows.map((row) => row.userId));
  }

  /** A confirmed place, or the team leader role (whose hours count whatever their application's status, as in the reports). */
  private static hasPlace(row: VolunteerReportRow, confirmed: Set<number>): boolean {
    return row.role === 'TL' || confirmed.has(row.id);
  }

  private letter(row: VolunteerReportRow, settings: EditionSettings, now: Date): CertificateLetter {
    return certificateLetter(
      { name: row.name, svid: row.svid, teamLeader: row.role === 'TL', workedHours: row.checkedInHours },
      settings.conference,
      pacificDay(now),
    );
  }

  /** Draws (or finds already drawn) the letters; a page that could not be drawn as typed is logged, and noted for administrators. */
  private async render(letters: CertificateLetter[], settings: EditionSettings, title: string, now: Date, forAdmin: boolean) {
    const rendered = await this.renderer.render(
      letters,
      { title, author: programmeSignature(settings.conference), createdAt: now },
      {
        notes: forAdmin,
      },
    );
    for (const fallback of rendered.fallbacks) {
      this.logger.warn(
        `Certificate of SV ID ${fallback.svid} (page ${fallback.page}) not drawn as typed: ` +
          (fallback.error ? `shaping failed (${fallback.error})` : `no font has ${fallback.characters.join(' ')}`),
      );
    }
    return rendered;
  }

  private assertOpen(settings: EditionSettings, now: Date): void {
    if (!certificatesOpen(settings.conference, now)) {
      throw AppException.conflict(CERTIFICATE_MESSAGES.notYet(settings.conference), ErrorCode.CertificateNotYet);
    }
  }

  /** One user's row and standing in an edition (the current one by default). */
  private async standing(userId: number, edition?: number) {
    const [[row], confirmed] = await Promise.all([
      this.reports.volunteerRows(edition === undefined ? {} : { edition }, [userId]),
      this.confirmed([userId], edition),
    ]);
    return row ? { row, hasPlace: CertificatesService.hasPlace(row, confirmed) } : null;
  }

  /** GET /certificate/status: whether the caller's certificate can be downloaded now, and if not why. */
  async status(userId: number): Promise<CertificateStatus> {
    const settings = await this.settings.get();
    const now = this.clock.now();
    const standing = await this.standing(userId);
    const workedHours = standing?.row.checkedInHours ?? 0;
    const refusal = certificateRefusal(settings.conference, now, { hasPlace: standing?.hasPlace ?? false, workedHours });
    return {
      available: refusal === null,
      refusal,
      message: refusal ? certificateRefusalMessage(refusal, settings.conference) : null,
      opensAt: certificatesOpenAt(settings.conference).toISOString(),
      workedHours,
      fileName: CERTIFICATE_FILES.own(settings.conference),
    };
  }

  /** GET /certificate: the caller's own certificate (409 before the end of the conference, 404 without a place or hours). */
  async own(userId: number): Promise<CertificateFile> {
    const settings = await this.settings.get();
    const now = this.clock.now();
    this.assertOpen(settings, now);
    const standing = await this.standing(userId);
    const refusal = certificateRefusal(settings.conference, now, {
      hasPlace: standing?.hasPlace ?? false,
      workedHours: standing?.row.checkedInHours ?? 0,
    });
    if (refusal || !standing)
      throw new AppException(404, ErrorCode.NoCertificate, certificateRefusalMessage(refusal ?? 'no-place', settings.conference));
    const letter = this.letter(standing.row, settings, now);
    return {
      fileName: CERTIFICATE_FILES.own(settings.conference),
      ...(await this.render([letter], settings, `${letter.title}: ${letter.name}`, now, false)),
    };
  }

  /** GET /admin/certificates/{userId}.pdf: one volunteer's certificate, for an administrator; an earlier edition's with `edition`. */
  async ofUser(userId: number, requestedEdition?: string): Promise<CertificateFile> {
    const edition = await this.settings.editionFor(requestedEdition);
    const { settings } = edition;
    const now = this.clock.now();
    this.assertOpen(settings, now);
    if (!(await this.dataSource.manager.existsBy(User, { id: userId }))) throw AppException.notFound(CERTIFICATE_MESSAGES.noUser(userId));
    const standing = await this.standing(userId, edition.id);
    if (!standing) throw AppException.notFound(CERTIFICATE_MESSAGES.noUser(userId));
    if (!standing.hasPlace) throw new AppException(404, ErrorCode.NoCertificate, CERTIFICATE_MESSAGES.noPlaceOf(standing.row.name));
    if (!(standing.row.checkedInHours > 0))
      throw new AppException(404, ErrorCode.NoCertificate, CERTIFICATE_MESSAGES.noHoursOf(standing.row.name));
    const letter = this.letter(standing.row, settings, now);
    return {
      fileName: CERTIFICATE_FILES.of(settings.conference, standing.row.svid),
      ...(await this.render([letter], settings, `${letter.title}: ${letter.name}`, now, true)),
    };
  }

  /**
   * GET /admin/certificates.pdf: a page per confirmed volunteer or team leader who worked, by name; an earlier edition's with `edition`.
   */
  async all(requestedEdition?: string): Promise<CertificateFile> {
    const edition = await this.settings.editionFor(requestedEdition);
    const { settings } = edition;
    const now = this.clock.now();
    this.assertOpen(settings, now);
    const [rows, confirmed] = await Promise.all([
      this.reports.volunteerRows({ edition: edition.id }),
      this.confirmed(undefined, edition.id),
    ]);
    const worked = rows.filter((row) => CertificatesService.hasPlace(row, confirmed) && row.checkedInHours > 0);
    if (!worked.length) throw new AppException(404, ErrorCode.NoCertificate, CERTIFICATE_MESSAGES.nobody);
    const letters = worked.map((row) => this.letter(row, settings, now));
    return {
      fileName: CERTIFICATE_FILES.all(settings.conference),
      ...(await this.render(letters, settings, `${settings.conference.name}: certificates of service`, now, true)),
    };
  }
}
