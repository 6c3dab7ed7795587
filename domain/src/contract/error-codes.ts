/**
 * Every machine code the API answers in `err` of its error envelope (docs/api.md#error-codes), and the
 * `code` of a refused row of a bulk status change. The server throws with these constants and the
 * screens match on them: a code renamed here breaks the build of both.
 */
export const ErrorCode = {
  // Any route
  ValidationFailed: 'VALIDATION_FAILED',
  BadJson: 'BAD_JSON',
  Unauthenticated: 'UNAUTHENTICATED',
  TokenExpired: 'TOKEN_EXPIRED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  DatabaseUnavailable: 'DB_UNAVAILABLE',
  Internal: 'INTERNAL',
  // Accounts
  InvalidCredentials: 'INVALID_CREDENTIALS',
  EmailTaken: 'EMAIL_TAKEN',
  MailNotSent: 'EMESSAGE',
  CodeWrong: 'CODE_WRONG',
  CurrentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  TokenMissing: 'TOKEN_MISSING',
  TokenInvalid: 'TOKEN_INVALID',
  TokenUsed: 'TOKEN_USED',
  OwnAdminFlag: 'OWN_ADMIN_FLAG',
  // Applications, files and confirmation
  NotOpen: 'NOT_OPEN',
  DeadlinePassed: 'DEADLINE_PASSED',
  Submitted: 'SUBMITTED',
  Stale: 'STALE',
  Incomplete: 'INCOMPLETE',
  EmailNotVerified: 'EMAIL_NOT_VERIFIED',
  ProfileIncomplete: 'PROFILE_INCOMPLETE',
  UploadUsed: 'UPLOAD_USED',
  UploadInProgress: 'UPLOAD_IN_PROGRESS',
  NoOffer: 'NO_OFFER',
  AlreadyConfirmed: 'ALREADY_CONFIRMED',
  NothingToDecline: 'NOTHING_TO_DECLINE',
  IllegalTransition: 'ILLEGAL_TRANSITION',
  NotSubmitted: 'NOT_SUBMITTED',
  Unchanged: 'UNCHANGED',
  // Jury
  JuryNotOpen: 'JURY_NOT_OPEN',
  AlreadyScored: 'ALREADY_SCORED',
  AssignmentRunning: 'ASSIGNMENT_RUNNING',
  NoTeamLeaders: 'NO_TEAM_LEADERS',
  OwnApplication: 'OWN_APPLICATION',
  DuplicateId: 'DUPLICATE_ID',
  // Schedule
  ConcurrentSave: 'CONCURRENT_SAVE',
  TooEarlyToCheckIn: 'TOO_EARLY_TO_CHECK_IN',
  ClockDrift: 'CLOCK_DRIFT',
  VenueHasShifts: 'VENUE_HAS_SHIFTS',
  SlotsBelowAssigned: 'SLOTS_BELOW_ASSIGNED',
  ShiftOverlap: 'SHIFT_OVERLAP',
  ShiftFull: 'SHIFT_FULL',
  VolunteerNotConfirmed: 'VOLUNTEER_NOT_CONFIRMED',
  AlreadyAssigned: 'ALREADY_ASSIGNED',
  ImportRowsInvalid: 'IMPORT_ROWS_INVALID',
  ScheduleChanged: 'SCHEDULE_CHANGED',
  CalendarLinkInvalid: 'CALENDAR_LINK_INVALID',
  RuleBroken: 'RULE_BROKEN',
  BuildRunning: 'BUILD_RUNNING',
  BuildNotPreview: 'BUILD_NOT_PREVIEW',
  NotLatestBuild: 'NOT_LATEST_BUILD',
  AlreadyProposed: 'ALREADY_PROPOSED',
  ProposalDecided: 'PROPOSAL_DECIDED',
  SchedulesReleased: 'SCHEDULES_RELEASED',
  // Swaps
  SwapsDisabled: 'SWAPS_DISABLED',
  SwapNotOpen: 'SWAP_NOT_OPEN',
  SwapAlreadyOffered: 'SWAP_ALREADY_OFFERED',
  SwapAlreadyAsked: 'SWAP_ALREADY_ASKED',
  SwapNotSwappable: 'SWAP_NOT_SWAPPABLE',
  SwapShiftStarted: 'SWAP_SHIFT_STARTED',
  SwapShiftAlreadyHeld: 'SWAP_SHIFT_ALREADY_HELD',
  SwapOverlap: 'SWAP_OVERLAP',
  SwapRuleBroken: 'SWAP_RULE_BROKEN',
  SwapShiftNotHeld: 'SWAP_SHIFT_NOT_HELD',
  // References
  ReferenceLinkInvalid: 'REFERENCE_LINK_INVALID',
  ReferenceClosed: 'REFERENCE_CLOSED',
  ReferenceDeclined: 'REFERENCE_DECLINED',
  ReferenceWithdrawn: 'REFERENCE_WITHDRAWN',
  ReferenceAnswered: 'REFERENCE_ANSWERED',
  ReferenceNotReplaceable: 'REFERENCE_NOT_REPLACEABLE',
  // Deadline jobs
  JobNotManual: 'JOB_NOT_MANUAL',
  JobNotDue: 'JOB_NOT_DUE',
  JobRunning: 'JOB_RUNNING',
  // Certificates of service
  CertificateNotYet: 'CERTIFICATE_NOT_YET',
  NoCertificate: 'NO_CERTIFICATE',
  // Messages
  UnknownMergeField: 'UNKNOWN_MERGE_FIELD',
  NoRecipients: 'NO_RECIPIENTS',
  MailUnavailable: 'MAIL_UNAVAILABLE',
  MessageFinished: 'MESSAGE_FINISHED',
  NothingToResume: 'NOTHING_TO_RESUME',
  NothingToRetry: 'NOTHING_TO_RETRY',
  NotYourVenue: 'NOT_YOUR_VENUE',
  MarkdownLimit: 'MARKDOWN_LIMIT',
  TeamMessageLimit: 'TEAM_MESSAGE_LIMIT',
  // Editions
  EditionReadOnly: 'EDITION_READ_ONLY',
  EditionExists: 'EDITION_EXISTS',
  // Personal data
  ExportNotReady: 'EXPORT_NOT_READY',
  ExportExpired: 'EXPORT_EXPIRED',
  ErasureOpen: 'ERASURE_OPEN',
  ErasureDecided: 'ERASURE_DECIDED',
  SecondAdminRequired: 'SECOND_ADMIN_REQUIRED',
  NotErasable: 'NOT_ERASABLE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The codes as a list, in the order above (what the OpenAPI document's `err` enum holds). */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
