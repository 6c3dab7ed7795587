import type { ApplicationData, ConferenceFacts, ConfirmationForm, Gates, JuryScoreValues, ResultTexts, Timeline } from '@svp/domain';

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
  student_volunteer_id: number;
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

/** GET /application/{studentVolunteerId} for a team leader: the essays only (blind). */
export interface JuryApplication {
  student_volunteer_id: number;
  data: { essay1: string; essay2: string; essay3: string };
}

/** The score payload of POST /jury/score and /jury/score/{scoreId}. */
export interface JuryScorePayload extends JuryScoreValues {
  tl_id: number;
  sv_id: number;
}

export interface JuryScoreSaved {
  message: string;
  score: JuryScorePayload & { score_id: number; student_volunteer_id: number; updated_at: string };
}
