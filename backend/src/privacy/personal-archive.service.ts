import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In, Not } from 'typeorm';
import { zipSync } from 'fflate';
import { type PersonalDataArchive, PROOF_EXTENSIONS, type ProofType, statusLabel, workedMinutes } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { ProofFile } from '../files/proof-file.entity.js';
import { ProofStorage } from '../files/storage/proof-storage.js';
import { MailSend } from '../mail/mail-send.entity.js';
import { MessagesService } from '../messages/messages.service.js';
import { ApplicationReference } from '../references/application-reference.entity.js';
import { ReportsService } from '../reports/reports.service.js';
import { CalendarFeed } from '../schedule/calendar/calendar-feed.entity.js';
import { PerformanceRecord } from '../schedule/performance-record.entity.js';
import { ShiftAssignment } from '../schedule/shift-assignment.entity.js';
import { Shift } from '../schedule/shift.entity.js';
import { Venue } from '../schedule/venue.entity.js';
import { VolunteerConstraints } from '../schedule/volunteer-constraints.entity.js';
import { Edition } from '../settings/edition.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { consentsOf } from '../users/consents.js';
import { profileView } from '../users/profile.mapper.js';
import { User } from '../users/user.entity.js';

/** The JSON document's name at the root of the archive. */
export const ARCHIVE_JSON = 'my-data.json';

/** What the portal holds about a person but leaves out of their archive, and why (said in the archive itself). */
export const NOT_INCLUDED = [
  'What your referees wrote (their statements, ratings and reasons): a reference belongs to the ' +
    'referee who gave it. The archive says who was asked and where each reference stands.',
  "The jury's scores of your application and the jurors' identities: they are the jury's working " +
    'notes. Ask the organisers if you want to know how your application was assessed.',
  'Your password, your sign-in codes and the tokens of your links: only their hashes are kept, and they are of no use to read.',
  "Other people's records: your shifts name their venue and times, not who worked beside you.",
] as const;

/** Email kinds sent to someone else on the person's behalf: not emails the person received. */
const SENT_TO_OTHERS = ['reference-request', 'reference-reminder', 'message-copy'];

const HOUR_MINUTES = 60;

/**
 * Everything the portal holds about one person, as one ZIP archive: `my-data.json` (the documented
 * shape, PersonalDataArchive in domain/src/contract/privacy.ts) and their files under `files/`.
 * It reads every edition, and never another person's records.
 */
@Injectable()
export class PersonalArchiveService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly reports: ReportsService,
    private readonly messages: MessagesService,
    @Inject(ProofStorage) private readonly storage: ProofStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The archive's bytes. */
  async archive(userId: number): Promise<Uint8Array> {
    const { document, files } = await this.collect(userId);
    const entries: Record<string, Uint8Array> = { [ARCHIVE_JSON]: new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`) };
    for (const [path, bytes] of Object.entries(files)) entries[path] = bytes;
    // Stored files (PDF, JPEG) do not shrink: only the JSON is compressed.
    return zipSync(
      Object.fromEntries(Object.entries(entries).map(([path, bytes]) => [path, [bytes, { level: path === ARCHIVE_JSON ? 6 : 0 }]])),
      { mtime: this.clock.now() },
    );
  }

  /** The JSON document and the files it names. */
  async collect(userId: number): Promise<{ document: PersonalDataArchive; files: Record<string, Uint8Array> }> {
    const manager = this.dataSource.manager;
    const user = await manager.findOneByOrFail(User, { id: userId });
    const [applications, proofs, assignments, records, constraints, feeds, mails, editionRows] = await Promise.all([
      manager.find(Application, { where: { userId }, order: { editionId: 'ASC' } }),
      manager.find(ProofFile, { where: { userId } }),
      manager.find(ShiftAssignment, { where: { volunteerId: userId } }),
      manager.find(PerformanceRecord, { where: { volunteerId: userId } }),
      manager.find(VolunteerConstraints, { where: { userId } }),
      manager.find(CalendarFeed, { where: { userId } }),
      manager.find(MailSend, { where: { userId, kind: Not(In(SENT_TO_OTHERS)) }, order: { id: 'ASC' } }),
      manager.find(Edition, { select: { id: true }, order: { id: 'ASC' } }),
    ]);
    const references = applications.length
      ? await manager.find(ApplicationReference, {
          where: { applicationId: In(applications.map((a) => a.id)) },
          order: { slot: 'ASC', id: 'ASC' },
        })
      : [];
    const shifts = assignments.length ? await manager.find(Shift, { where: { id: In(assignments.map((a) => a.shiftId)) } }) : [];
    const venues = shifts.length ? await manager.find(Venue, { where: { id: In([...new Set(shifts.map((s) => s.venueId))]) } }) : [];
    const venueOf = new Map(venues.map((v) => [v.id, v]));
    const recordOf = new Map(records.map((r) => [r.shiftId, r]));
    const now = this.clock.now();

    const files: Record<string, Uint8Array> = {};
    const editions: PersonalDataArchive['editions'] = [];
    for (const { id: editionId } of editionRows) {
      const edition = (await this.settings.edition(editionId))!;
      const application = applications.find((a) => a.editionId === editionId) ?? null;
      const proof = proofs.find((p) => p.editionId === editionId) ?? null;
      const held = shifts
        .filter((s) => s.editionId === editionId)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
      const availability = constraints.find((c) => c.editionId === editionId) ?? null;
      if (!application && !proof && !held.length && !availability) continue;

      let proofEntry: PersonalDataArchive['editions'][number]['proofOfEnrollment'] = null;
      if (proof) {
        const bytes = await this.storage.read(proof.storageKey);
        const path = `files/proof-of-enrollment-${edition.key}.${PROOF_EXTENSIONS[proof.mime as ProofType] ?? 'bin'}`;
        if (bytes) files[path] = new Uint8Array(bytes);
        proofEntry = {
          file: bytes ? path : '(the file could not be read from storage)',
          originalName: proof.originalName,
          type: proof.mime,
          size: proof.size,
          uploadedAt: proof.uploadedAt.toISOString(),
        };
      }
      const [figures] = held.length ? await this.reports.volunteerRows({ edition: editionId }, [userId]) : [];
      editions.push({
        key: edition.key,
        name: edition.name,
        application: application && {
          status: statusLabel(edition.settings.statusCatalogue, application.status, application.statusTag),
          state: application.status,
          completed: application.completed,
          submittedAt: application.submittedAt?.toISOString() ?? null,
          teamLeader: application.teamLeader,
          financialAid: application.financialAid,
          createdAt: application.createdAt.toISOString(),
          updatedAt: application.updatedAt.toISOString(),
          answers: { ...application.data, step: application.step },
          confirmation: application.confirmation,
          confirmedAt: application.confirmedAt?.toISOString() ?? null,
          declinedAt: application.declinedAt?.toISOString() ?? null,
          declineReason: application.declineReason,
        },
        proofOfEnrollment: proofEntry,
        references: references
          .filter((r) => r.applicationId === application?.id)
          .map((r) => ({
            slot: r.slot,
            referee: { firstName: r.firstName, lastName: r.lastName, email: r.email, type: r.referenceType },
            state: r.state,
            requestedAt: r.requestedAt?.toISOString() ?? null,
            answeredAt: r.answeredAt?.toISOString() ?? null,
          })),
        availability: availability && {
          unavailable: availability.unavailable.map((u) => ({ day: u.day, from: u.from ?? null, to: u.to ?? null })),
          maxHoursPerDay: availability.maxHoursPerDay,
          minRestMinutes: availability.minRestMinutes,
          updatedAt: availability.updatedAt.toISOString(),
        },
        shifts: held.map((shift) => {
          const record = recordOf.get(shift.id);
          const venue = venueOf.get(shift.venueId);
          return {
            venue: venue ? venue.name : '',
            role: shift.role,
            day: shift.day,
            startsAt: shift.startsAt.toISOString(),
            endsAt: shift.endsAt.toISOString(),
            checkInAt: record?.checkInAt?.toISOString() ?? null,
            checkOutAt: record?.checkOutAt?.toISOString() ?? null,
            workedHours: Math.round(((workedMinutes(record ?? null, now) ?? 0) / HOUR_MINUTES) * 100) / 100,
            rating: record && record.rating > 0 ? record.rating : null,
            notes: record?.notes?.trim() ? record.notes : null,
          };
        }),
        hours: figures
          ? {
              expected: figures.expectedHours,
              scheduled: figures.scheduledHours,
              checkedIn: figures.checkedInHours,
              noShows: figures.noShows,
            }
          : null,
      });
    }

    const document: PersonalDataArchive = {
      format: 'sv-portal-personal-data',
      version: 1,
      generatedAt: now.toISOString(),
      portal: this.config.publicUrl,
      notIncluded: [...NOT_INCLUDED],
      person: {
        id: user.id,
        svid: user.svid,
        username: user.username,
        email: user.email,
        verified: user.verified,
        role: user.role,
        createdAt: user.createdAt.toISOString(),
        profile: profileFields(user),
      },
      consents: await consentsOf(manager, userId),
      editions,
      messages: await this.messages.receivedEverywhere(userId),
      emails: mails
        .filter((m) => m.kind !== 'message')
        .map((m) => ({
          edition: m.ledgerKey?.split('|')[0] ?? '',
          kind: m.kind,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
      calendarLinks: feeds.map((f) => ({ createdAt: f.createdAt.toISOString(), lastUsedAt: f.lastUsedAt?.toISOString() ?? null })),
    };
    return { document, files };
  }
}

/** The profile by the server names of its fields, without what describes the account rather than the person. */
function profileFields(user: User): Record<string, unknown> {
  const {
    id: _id,
    svid: _svid,
    sv_id: _svId,
    username: _username,
    email: _email,
    role: _role,
    verified: _verified,
    application_status_id: _status,
    has_application: _has,
    ...profile
  } = profileView(user, { exists: false, statusId: null });
  return profile;
}
