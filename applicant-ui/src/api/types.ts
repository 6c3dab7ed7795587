import type {
  ApplicationData,
  ConferenceFacts,
  ConfirmationForm,
  EditionView,
  Gates,
  JuryScoreValues,
  ReferenceAnswer,
  ReferenceRatings,
  ReferenceState,
  ResultTexts,
  Timeline,
  TeamMessageVenue,
  VolunteerConstraintsInput,
} from '@svp/domain';

export interface PublicSettings {
  now: string;
  timeline: Timeline;
  gates: Gates;
  conference: ConferenceFacts;
  swapsEnabled: boolean;
  statusCatalogue: 'A' | 'B';
  statusLabels: { id: number | null; label: string; state: string; tag: string | null }[];
  contactEmail: string;
  mailingListUrl: string;
  resultTexts: ResultTexts;
  /** The current edition (#23); its key is its year ('2026'). */
  edition: Pick<EditionView, 'id' | 'key' | 'name'>;
}

export interface SessionUser {
  id: number;
  svid: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'Team-Leader' | 'Student-Volunteer';
  isAdmin: boolean;
  isTeamLeader: boolean;
  verified: boolean;
}

export interface SignedIn {
  user: SessionUser;
  session: { access_token: string; expires_at: string };
  message?: string;
  err?: string;
}

/** GET /users/profile's user (server names, applicant-area §3). */
export interface ProfileUser {
  id: number;
  svid: string;
  sv_id: string;
  username: string;
  email: string;
  given_name: string;
  family_name: string;
  nickname: string;
  birthdate: string;
  gender: string[];
  gender_identity: string;
  underrepresented: string[];
  underrepresented_group: string;
  disability: 'yes' | 'no' | '';
  disability_type: string;
  address: { address1: string; address2: string; city: string; region: string; country: string; postal_code: string };
  languages: string[];
  phone_number: string;
  can_text: boolean;
  can_call: boolean;
  role: 'Team-Leader' | 'Student-Volunteer';
  is_admin: boolean;
  is_team_leader: boolean;
  verified: boolean;
  application_status_id: number | null;
  /** False until the first save: GET /application/{id} would answer 404, so it is not asked. */
  has_application: boolean;
  profile_complete: boolean;
  missing_fields: string[];
}

export interface ProfileResponse {
  user: ProfileUser;
  session: { is_authenticated: boolean; is_verified: boolean; is_admin: boolean; is_team_leader: boolean };
}

export interface ApplicationStatus {
  application_status_id: number | null;
  status: string;
  state: 'pending' | 'offered' | 'waitlisted' | 'rejected' | 'confirmed' | 'declined';
  tag: string | null;
}

export interface ApplicationRecord {
  id: number;
  data: ApplicationData & { step: number };
  step: number;
  updated_at: string;
  completed: boolean;
  team_leader: boolean;
  financial_aid: boolean;
  status_id: number | null;
  sv: ApplicationStatus;
  progress: number;
  problems: { missing: { field: string; label: string }[]; over_limit: { field: string; label: string; words: number; limit: number }[] };
  closed: boolean;
  submitted_at: string | null;
  confirmation: ConfirmationForm | null;
  confirmed_at: string | null;
  declined_at: string | null;
  /** While offered: when the offer must be confirmed by (its own deadline for a late waitlist offer, else the edition's). */
  confirm_by?: string | null;
  notices?: string[];
}

export interface UploadTicket {
  url: string;
  method: 'PUT';
  content_type: string;
  expires_at: string;
  max_bytes: number;
}

export interface ProofFile {
  url: string;
  dataURL: string;
  name: string;
  original_name: string;
  type: 'application/pdf' | 'image/jpeg';
  size: number;
}

/** One application assigned to the team leader (operations-area §3): the five values are null until scored. */
export interface JuryItem {
  /** The item's opaque id (never the applicant's user id): what the essays and the score are asked by. */
  student_volunteer_id: string;
  score_id: number | null;
  essay1: number | null;
  essay2: number | null;
  essay3: number | null;
  overall: number | null;
  red_flag: number | null;
}

/** GET /jury/tl-assignments/{tlProfileId}. */
export interface JuryAssignments {
  assignments: JuryItem[];
  assigned: number;
  scored: number;
}

/** One received reference as the jury sees it: the answer only, never who gave it. */
export interface JuryReference {
  relationship: string;
  knownFor: string;
  ratings: ReferenceRatings;
  averageRating: number | null;
  statement: string;
}

/**
 * GET /application/{studentVolunteerId} for a team leader: the essays only (blind), and the
 * received references when the edition shows them to the jury (the key is absent otherwise).
 */
export interface JuryApplication {
  student_volunteer_id: string;
  data: { essay1: string; essay2: string; essay3: string; references?: JuryReference[] };
}

/** The score payload of POST /jury/score and /jury/score/{scoreId}. */
export interface JuryScorePayload extends JuryScoreValues {
  tl_id: number;
  /** The item's opaque student_volunteer_id. */
  sv_id: string;
}

export interface JuryScoreSaved {
  message: string;
  score: JuryScorePayload & { score_id: number; student_volunteer_id: string; updated_at: string };
}

/** A team leader as a shift names them. */
export interface ShiftTeamLeader {
  id: number;
  name: string;
}

export interface ScheduleVenue {
  id: number;
  name: string;
  location: string;
  teamLeaders: ShiftTeamLeader[];
}

/**
 * A shift (operations-area §3): `day` is the Pacific day it starts on, `start_time`/`end_time` Pacific
 * local 'YYYY-MM-DD HH:mm', `starts_at`/`ends_at` the UTC instants.
 */
export interface ScheduleShift {
  id: number;
  day: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  role: string;
  report_to: string;
  description: string;
  special: string;
  sv_slots: number;
  swappable: boolean;
  venue: ScheduleVenue;
}

/** A shift of a venue the team leader leads, with how many volunteers are assigned to it. */
export interface TeamLeaderShift extends ScheduleShift {
  assigned: number;
}

/** GET /schedule/{id}: the volunteer's own shifts in start order, with the server's now. */
export interface VolunteerSchedule {
  now: string;
  shifts: ScheduleShift[];
  next_shifts: ScheduleShift[];
  current_shifts: ScheduleShift[];
  /** Hours of all the shifts listed. */
  hours: number;
}

/** GET /schedule/tl/{id}: the venues the team leader leads and their shifts. */
export interface TeamLeaderSchedule {
  now: string;
  venues: ScheduleVenue[];
  shifts: TeamLeaderShift[];
  next_shifts: TeamLeaderShift[];
  current_shifts: TeamLeaderShift[];
}

/** One volunteer's record on one shift; `id` is null until first saved, `rating` 0 means not rated. */
export interface PerformanceRecord {
  id: number | null;
  shift_id: number;
  student_volunteer_id: number;
  check_in: boolean;
  check_out: boolean;
  rating: number | null;
  notes: string;
  /** The version the page loaded (0: not saved yet); a save from an older one is refused with 409 STALE. */
  version: number;
  /**
   * A corrected time (ISO instant), sent only when the team leader corrects it; a tick alone lets the
   * server stamp its own clock. A correction needs `time_note` (issue #22 §5).
   */
  check_in_at?: string | null;
  check_out_at?: string | null;
  time_note?: string | null;
}

/** A record as the shift detail reads it: with when it was last saved (null: never). */
export interface StoredPerformanceRecord extends PerformanceRecord {
  updated_at: string | null;
  /** When the volunteer was checked in and out (ISO instants) and by whom (names); null until done. */
  check_in_at: string | null;
  check_in_by_name: string | null;
  check_out_at: string | null;
  check_out_by_name: string | null;
  /** Why the times were last corrected ('' or null: never). */
  time_note: string | null;
  /** Check-out minus check-in in real elapsed minutes; null until both times exist. */
  worked_minutes: number | null;
}

export interface ShiftVolunteer {
  id: number;
  username: string;
  given_name: string;
  family_name: string;
  nickname: string;
  sv_id: string;
  start_back_to_back: string;
  end_back_to_back: string;
  accommodations: string;
  performance_record: StoredPerformanceRecord;
}

/** GET /schedule/shift/{id}. */
export interface ShiftDetail {
  shift: TeamLeaderShift & { studentVolunteers: ShiftVolunteer[] };
}

/** POST /schedule/pr's answer: the records as stored. */
export interface SavedPerformanceRecords {
  message: string;
  performance_records: (PerformanceRecord & { id: number; updated_at: string; updated_by: number })[];
}

/** GET /schedule/board: the shifts of the caller's venues in progress or starting soon, by start then venue. */
export type { BoardShift, BoardVolunteer, LiveBoard as ScheduleBoard } from '@svp/domain';

/** A volunteer as a swap request or a day's shift names them (names only). */
export interface SwapPerson {
  id: number;
  username: string;
  given_name: string;
  family_name: string;
  sv_id: string;
}

/** Why a swap request was closed; null while it is open. */
export type SwapClosedReason = 'accepted' | 'declined' | 'deleted' | 'cancelled' | 'superseded';

/**
 * A shift swap request (operations-area §3, swap contract): `shift` is the creator's, offered;
 * `swapped_shift`/`swapped_sv` are the shift and volunteer asked for (directed) or, once an open
 * request is accepted, the shift given and its giver. `status` null is OPEN, true ACCEPTED, false closed.
 */
export interface SwapRequest {
  id: number;
  kind: 'open' | 'directed';
  status: boolean | null;
  accepted: boolean;
  closed_reason: SwapClosedReason | null;
  shift: ScheduleShift;
  swapped_shift: ScheduleShift | null;
  sv: SwapPerson;
  swapped_sv: SwapPerson | null;
  created_at: string;
  closed_at: string | null;
}

/** Another volunteer's open request, with the ids of the caller's shifts that could be given for it. */
export interface OpenSwapRequest extends SwapRequest {
  my_shift_options: number[];
}

/** GET /schedule/swap/{username}. */
export interface SwapRequests {
  created_requests: SwapRequest[];
  assigned_requests: SwapRequest[];
  /** Open requests involving one of the caller's shifts, on either side. */
  shift_requests: SwapRequest[];
  open_requests: OpenSwapRequest[];
}

/** A volunteer holding a shift of the day, with the caller's shifts they could be given for it by the swap rules of both schedules. */
export interface DayShiftHolder extends SwapPerson {
  my_shift_options: number[];
}

/** A shift of GET /schedule/shifts/{day}, with its free places and the volunteers holding it. */
export interface DayShift extends ScheduleShift {
  assigned: number;
  studentVolunteers: DayShiftHolder[];
}

/** GET /schedule/shifts/{day}. */
export interface DayShifts {
  day: string;
  shifts: DayShift[];
}

/** POST /schedule/swap/create: without `swapped_shift_id`/`swapped_svid` an open request, with both a directed one. */
export interface CreateSwapRequest {
  shift_id: number;
  swapped_shift_id?: number;
  swapped_svid?: string;
}

/** POST /schedule/swap/accept: `swapped_shift_id` is the caller's shift given (required for an open request). */
export interface AcceptSwapRequest {
  shift_swap_request_id: number;
  swapped_shift_id?: number;
}

/** GET /application/statistics (administrators only): the counts of the admin dashboard. */
export interface ApplicationStatistics {
  /** Applications started. */
  total: number;
  completed: number;
  team_leader: number;
}

/** What a volunteer tells the organisers about when and how much they can work (the schedule builder keeps to it). */
export type VolunteerConstraints = VolunteerConstraintsInput;

/** GET/PUT /users/availability: the caller's answers, and whether they may still change them online. */
export interface Availability extends VolunteerConstraints {
  editable: boolean;
  /** When schedules are released, after which only the organisers change them. */
  editableUntil: string;
}

/** Filling a free place (GET /schedule/shift/{id}/candidates, POST …/proposals). */
export type { ShiftCandidate, ShiftCandidates, ShiftProposalStatus, ShiftProposalView as ShiftProposal } from '@svp/domain';

/** GET/PUT /referee/{token}: what the referee's form shows, and their answer once given. */
export interface RefereeForm {
  applicant: { firstName: string; lastName: string };
  programme: string;
  referee: { firstName: string; lastName: string };
  referenceType: string;
  closesAt: string;
  state: 'requested' | 'received';
  answer: ReferenceAnswer | null;
  answeredAt: string | null;
}

/** One referee of the applicant's own application: who and where it stands, never what they wrote. */
export interface UserReference {
  slot: 1 | 2;
  referenceType: string;
  firstName: string;
  lastName: string;
  email: string;
  /** null before the request job has run ('Requested when applications close'). */
  state: ReferenceState | null;
  stateLabel: string;
  requestedAt: string | null;
  answeredAt: string | null;
  canReplace: boolean;
}

/** GET /users/references. */
export interface UserReferences {
  closesAt: string;
  requestsFrom: string;
  references: UserReference[];
}

/** PUT /users/references/{slot}: the referee who replaces one that could not be reached. */
export interface NewReferee {
  referenceType: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Messages to volunteers (#22): the shapes are the domain's (domain/src/messages/views.ts). */
export type { AudiencePreview, MessageDetail, MessageSummary, ReceivedMessage, TeamAudience, TeamMessage } from '@svp/domain';

/** GET /messages/team/venues: the venues the caller leads, each with its shifts (`day` is a Pacific YYYY-MM-DD). */
export interface TeamMessageVenues {
  venues: TeamMessageVenue[];
}
