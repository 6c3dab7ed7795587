import { ErrorCode } from '@svp/domain';
import type {
  ConfirmBody,
  ConfirmationForm,
  CreateUploadBody,
  DeclineBody,
  DeclineSwapRequestBody,
  DeleteSwapRequestBody,
  ProposeBody,
  ProofOfEnrollment,
  ReferenceAnswer,
  SaveApplicationBody,
  UpdateProfileBody,
  VolunteerHistoryView,
} from '@svp/domain';
import { api } from './client';
import type {
  AcceptSwapRequest,
  ApplicationRecord,
  ApplicationStatistics,
  AudiencePreview,
  Availability,
  CreateSwapRequest,
  DayShifts,
  JuryApplication,
  JuryAssignments,
  JuryScorePayload,
  JuryScoreSaved,
  MessageDetail,
  MessageSummary,
  NewReferee,
  PerformanceRecord,
  ProfileResponse,
  ProofFile,
  PublicSettings,
  ReceivedMessage,
  RefereeForm,
  SavedApplication,
  SavedPerformanceRecords,
  ScheduleBoard,
  ShiftCandidates,
  ShiftDetail,
  ShiftProposal,
  SignedIn,
  SwapRequest,
  SwapRequests,
  TeamAudience,
  TeamLeaderSchedule,
  TeamMessage,
  TeamMessageVenues,
  UploadTicket,
  UserReferences,
  VolunteerConstraints,
  VolunteerSchedule,
} from './types';

/** Every call the app makes, typed; the kept ones are in docs/product.md, 'The calls kept from the earlier portal'. */
export const endpoints = {
  settings: (signal?: AbortSignal) => api<PublicSettings>('/settings', { signal }),

  login: (email: string, password: string) => api<SignedIn>('/users/login', { method: 'POST', body: { email, password } }),
  /** Ends the session on the server: this token, and the user's other sessions, are refused from then on. */
  logout: (token: string) => api<{ message: string }>('/users/logout', { method: 'POST', token }),
  /** Answers err 'EMESSAGE' (still signed in) when the code email could not be sent. */
  register: (form: { first_name: string; last_name: string; email: string; password: string; svid?: string }) =>
    api<SignedIn>('/users/register', { method: 'POST', body: form, acceptErrorCodes: [ErrorCode.MailNotSent] }),
  confirmRegistration: (email: string, code: string) =>
    api<SignedIn>('/users/confirm-registration', { method: 'POST', body: { email, code } }),
  resendCode: (email: string) => api<{ message: string }>('/users/resend-code', { method: 'POST', body: { email } }),
  forgotPassword: (email: string) => api<{ message: string }>('/users/forgot-password', { method: 'POST', body: { email } }),
  changePassword: (body: { token?: string; email?: string; code?: string; password: string }) =>
    api<{ message: string }>('/users/change-password', { method: 'POST', body }),
  /** Refuses a reset link's token as change-password would (expired, not valid, already used), without using it. */
  checkResetToken: (token: string) => api<{ message: string }>('/users/check-reset-token', { method: 'POST', body: { token } }),

  profile: () => api<ProfileResponse>('/users/profile'),
  updateProfile: (profile: UpdateProfileBody) =>
    api<{ message: string; user: ProfileResponse['user']; email_changed: boolean }>('/users/profile', { method: 'POST', body: profile }),
  /** The years the caller was a confirmed volunteer or team leader in the portal's earlier editions. */
  volunteerHistory: () => api<VolunteerHistoryView>('/users/volunteer-history'),

  application: (key: string | number) => api<ApplicationRecord>(`/application/${encodeURIComponent(String(key))}`),
  /** Administrators only: applications started, completed and with a team leader application. */
  applicationStatistics: () => api<ApplicationStatistics>('/application/statistics'),
  /** The contract's body; the app always sends its three flags, never null. */
  saveApplication: (body: SaveApplicationBody & Record<'completed' | 'team_leader' | 'financial_aid', boolean>) =>
    api<SavedApplication>('/application/save', { method: 'POST', body }),

  requestUpload: (userId: number, fileType: string, fileName: string) =>
    api<UploadTicket>('/files/upload', {
      method: 'POST',
      body: { user_id: userId, file_type: fileType, file_name: fileName } satisfies CreateUploadBody,
    }),
  proof: (svid: string) => api<ProofFile>(`/files/${encodeURIComponent(svid)}`),
  removeProof: (svid: string) => api<{ message: string }>(`/files/${encodeURIComponent(svid)}`, { method: 'DELETE' }),

  confirm: (svid: string, form: ConfirmationForm) =>
    api<{ message: string; application: ApplicationRecord }>('/users/confirm', {
      method: 'POST',
      body: { ...form, sv_id: svid } satisfies ConfirmBody,
    }),
  /** The caller's availability; PUT answers 409 SCHEDULES_RELEASED once schedules are out, 400 with field errors. */
  availability: () => api<Availability>('/users/availability'),
  saveAvailability: (constraints: VolunteerConstraints) => api<Availability>('/users/availability', { method: 'PUT', body: constraints }),
  decline: (svid: string) =>
    api<{ message: string; application: ApplicationRecord }>('/users/decline', {
      method: 'POST',
      body: { sv_id: svid } satisfies DeclineBody,
    }),

  /** The referee's form, by the token of their emailed link (no account): 401 for a link that is not valid, 410 once closed, declined or
   * withdrawn. */
  refereeForm: (token: string) => api<RefereeForm>(`/referee/${encodeURIComponent(token)}`),
  /** Gives or corrects the reference; 400 with errors keyed relationship, knownFor, ratings.<key>, statement. */
  submitReference: (token: string, answer: ReferenceAnswer) =>
    api<RefereeForm>(`/referee/${encodeURIComponent(token)}`, { method: 'PUT', body: answer }),
  /** Only while not answered (409 REFERENCE_ANSWERED after); the reason is optional. */
  declineReference: (token: string, reason: string) =>
    api<{ state: 'declined' }>(`/referee/${encodeURIComponent(token)}/decline`, {
      method: 'POST',
      body: reason.trim() ? { reason: reason.trim() } : {},
    }),
  /** The caller's referees and where each stands, never their answers. */
  userReferences: () => api<UserReferences>('/users/references'),
  /** Replaces a referee who could not be reached (409 REFERENCE_NOT_REPLACEABLE otherwise); the request goes out at once. */
  replaceReferee: (slot: number, referee: NewReferee) => api<unknown>(`/users/references/${slot}`, { method: 'PUT', body: referee }),

  /** The caller's jury list (409 DEADLINE_PASSED once the jury has closed). */
  juryAssignments: (tlProfileId: number) => api<JuryAssignments>(`/jury/tl-assignments/${tlProfileId}`),
  /** The essays of an application assigned to the caller, by the item's opaque id, nothing else (409 outside the jury window). */
  juryApplication: (studentVolunteerId: string) => api<JuryApplication>(`/application/${encodeURIComponent(studentVolunteerId)}`),
  createJuryScore: (score: JuryScorePayload) => api<JuryScoreSaved>('/jury/score', { method: 'POST', body: score }),
  updateJuryScore: (scoreId: number, score: JuryScorePayload) =>
    api<JuryScoreSaved>(`/jury/score/${scoreId}`, { method: 'POST', body: score }),

  /** The caller's own schedule (403 before the release, or for a volunteer who is not confirmed). */
  volunteerSchedule: (userId: number) => api<VolunteerSchedule>(`/schedule/${userId}`),
  teamLeaderSchedule: (userId: number) => api<TeamLeaderSchedule>(`/schedule/tl/${userId}`),
  shiftDetail: (shiftId: number) => api<ShiftDetail>(`/schedule/shift/${shiftId}`),
  /** The records of one shift, saved all or none. */
  savePerformanceRecords: (records: PerformanceRecord[]) =>
    api<SavedPerformanceRecords>('/schedule/pr', { method: 'POST', body: { performance_records: records } }),
  /** The live board: shifts of the team leader's venues in progress or starting within the hour. */
  scheduleBoard: () => api<ScheduleBoard>('/schedule/board'),
  /** Who could take a free place of a shift of the team leader's venue now, best first. */
  shiftCandidates: (shiftId: number) => api<ShiftCandidates>(`/schedule/shift/${shiftId}/candidates`),
  shiftProposals: (shiftId: number) => api<ShiftProposal[]>(`/schedule/shift/${shiftId}/proposals`),
  /** The organisers accept or decline it; accepting assigns the volunteer. */
  proposeForShift: (shiftId: number, volunteerId: number) =>
    api<ShiftProposal>(`/schedule/shift/${shiftId}/proposals`, { method: 'POST', body: { volunteerId } satisfies ProposeBody }),

  /** Every shift of a Pacific day with the volunteers holding it: where swap candidates come from. */
  shiftsOfDay: (day: string) => api<DayShifts>(`/schedule/shifts/${encodeURIComponent(day)}`),
  /** The caller's own swap requests (403 while swapping online is switched off). */
  swapRequests: (username: string) => api<SwapRequests>(`/schedule/swap/${encodeURIComponent(username)}`),
  createSwap: (request: CreateSwapRequest) => api<SwapRequest>('/schedule/swap/create', { method: 'POST', body: request }),
  /** 409 when the request is no longer open. */
  acceptSwap: (request: AcceptSwapRequest) => api<{ request: SwapRequest }>('/schedule/swap/accept', { method: 'POST', body: request }),
  declineSwap: (requestId: number) =>
    api<{ request: SwapRequest }>('/schedule/swap/decline', {
      method: 'POST',
      body: { shift_swap_request_id: requestId } satisfies DeclineSwapRequestBody,
    }),
  deleteSwap: (requestId: number) =>
    api<{ request: SwapRequest }>('/schedule/swap/delete', {
      method: 'POST',
      body: { shift_swap_request_id: requestId } satisfies DeleteSwapRequestBody,
    }),

  /** The messages sent to the caller, newest first. */
  receivedMessages: () => api<{ messages: ReceivedMessage[] }>('/messages'),
  /** The message's banner is not shown again; 404 for a message not sent to the caller. */
  dismissMessage: (messageId: number) => api<{ dismissed: true }>(`/messages/${messageId}/dismiss`, { method: 'POST' }),
  /** Team leaders: the venues they lead, with their shifts. */
  teamMessageVenues: () => api<TeamMessageVenues>('/messages/team/venues'),
  /** Who a team leader's message would go to now; 403 NOT_YOUR_VENUE for a venue they do not lead. */
  teamMessageAudience: (audience: TeamAudience) => api<AudiencePreview>('/messages/team/audience', { method: 'POST', body: audience }),
  /** Sends it (the organisers get a copy); 400 with errors keyed subject, body, bannerUntil…, 403 NOT_YOUR_VENUE. */
  sendTeamMessage: (message: TeamMessage) => api<MessageDetail>('/messages/team', { method: 'POST', body: message }),
  /** The caller's own team messages with their progress. */
  teamMessages: () => api<{ messages: MessageSummary[] }>('/messages/team'),
};

/**
 * PUTs a file to a signed upload URL, reporting progress (fetch cannot), and answers the stored
 * proof; rejects with the server's message.
 */
export function putFile(
  url: string,
  file: File,
  contentType: string,
  onProgress: (fraction: number) => void,
): Promise<ProofOfEnrollment | null> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new Error('Failed to fetch'));
    request.onload = () => {
      let body: { success?: boolean; data?: { message?: string; proofOfEnrollment?: ProofOfEnrollment } } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = {};
      }
      if (request.status >= 200 && request.status < 300) resolve(body.data?.proofOfEnrollment ?? null);
      else reject(new Error(body.data?.message ?? `The upload failed (${request.status}).`));
    };
    request.send(file);
  });
}
