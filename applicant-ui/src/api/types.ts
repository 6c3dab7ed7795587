import type {
  Availability,
  ErrorCode,
  ProofUploaded,
  RegisteredWithoutMail,
  SignedIn as SignedInAnswer,
  StoredPerformanceRecord,
  VolunteerConstraintsInput,
  VenueView,
} from '@svp/domain';

/**
 * The API's answers as the applicant app reads them: the wire contract's types (domain/src/contract/,
 * docs/api.md#the-contract), under the names the app uses, and the few shapes only the app has
 * (request bodies, and the answers as `api()` hands them over).
 */
export type {
  ApplicationRecord,
  ApplicationStatistics,
  ApplicationStatus,
  BlindApplication as JuryApplication,
  CalendarFeedLink,
  CalendarFeedRevoked,
  CalendarFeedStatus,
  DayShift,
  DayShiftHolder,
  DayShifts,
  JuryAssignments,
  JuryItem,
  JuryReference,
  JuryScoreSaved,
  OpenSwapRequest,
  PerformanceRecordAsStored,
  ProfileUser,
  ProfileView as ProfileResponse,
  ProfileSaved,
  ProofFile,
  PublicSettings,
  RefereeForm,
  RefusedPerformanceRecord,
  SavedApplication,
  SavedPerformanceRecords,
  ScheduleShift,
  SessionUser,
  ShiftDetail,
  ShiftVolunteer,
  StoredPerformanceRecord,
  SwapClosedReason,
  SwapPerson,
  SwapRequest,
  SwapRequests,
  TeamLeaderSchedule,
  TeamLeaderShift,
  TeamMessageVenues,
  UploadTicket,
  UserReference,
  UserReferences,
  VolunteerSchedule,
} from '@svp/domain';

/** GET /schedule/board: the shifts of the caller's venues in progress or starting soon, by start then venue. */
export type { BoardShift, BoardVolunteer, LiveBoard as ScheduleBoard } from '@svp/domain';

/** Filling a free place (GET /schedule/shift/{id}/candidates, POST …/proposals). */
export type { ShiftCandidate, ShiftCandidates, ShiftProposalStatus, ShiftProposalView as ShiftProposal } from '@svp/domain';

/** Messages to volunteers: the shapes are the contract's; TeamAudience and TeamMessage are its request bodies. */
export type { AudiencePreview, MessageDetail, MessageSummary, ReceivedMessage } from '@svp/domain';
export type { CreateTeamMessageBody as TeamMessage, TeamAudienceBody as TeamAudience } from '@svp/domain';

/** A venue as a schedule names it, with its team leaders. */
export type ScheduleVenue = VenueView;

/** A team leader as a shift names them. */
export type ShiftTeamLeader = VenueView['teamLeaders'][number];

/**
 * The `data` of sign-in, registration and confirmation. A registration whose code email could not be
 * sent is accepted too (`err: 'EMESSAGE'`, with the session and a sentence).
 */
export type SignedIn = SignedInAnswer & { message?: string; err?: ErrorCode };
export type { RegisteredWithoutMail };

/** PUT /files/upload/{token}'s `data`. */
export type { ProofUploaded };

/**
 * One volunteer's record as a team leader saves it (POST /schedule/pr): `id` null until first saved,
 * `version` the one the page read (a save from an older one is refused with 409 STALE). A corrected
 * time (ISO instant) is sent only when the team leader corrects it, with `time_note`; a tick alone
 * lets the server stamp its own clock.
 */
export type PerformanceRecord = Pick<
  StoredPerformanceRecord,
  'id' | 'shift_id' | 'student_volunteer_id' | 'check_in' | 'check_out' | 'notes' | 'version'
> & {
  rating: number | null;
  check_in_at?: string | null;
  check_out_at?: string | null;
  time_note?: string | null;
};

/** The score payload of POST /jury/score and /jury/score/{scoreId}: the contract's body. */
export type { ScoreBody as JuryScorePayload } from '@svp/domain';

/** POST /schedule/swap/create: without `swapped_shift_id`/`swapped_svid` an open request, with both a directed one. */
export type { CreateSwapRequestBody as CreateSwapRequest } from '@svp/domain';

/** POST /schedule/swap/accept: `swapped_shift_id` is the caller's shift given (required for an open request). */
export type { AcceptSwapRequestBody as AcceptSwapRequest } from '@svp/domain';

/** What a volunteer tells the organisers about when and how much they can work (the schedule builder keeps to it). */
export type VolunteerConstraints = VolunteerConstraintsInput;

/** GET/PUT /users/availability: the caller's answers, and whether they may still change them online. */
export type { Availability };

/** PUT /users/references/{slot}: the referee who replaces one that could not be reached (the contract's body). */
export type { ReplaceRefereeBody as NewReferee } from '@svp/domain';
