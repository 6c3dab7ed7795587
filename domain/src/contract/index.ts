/**
 * The API's wire contract as the screens need it: the error codes and the profile's field names
 * (values), and the answer shapes (types only, so a screen's bundle carries no schema). The schemas
 * themselves are `@svp/domain/contract` (schemas.ts), which the server documents and tests with.
 * A few shapes named here are also the domain's own (Timeline, ApplicationData…): they are declared
 * here once and re-exported where the domain's rules use them.
 */
export * from './error-codes.js';
export * from './profile-fields.js';
export type { Envelope, EnvelopeWithMessage, FieldErrors, Holds, MessageOnly, SameShape } from './schema.js';
export type {
  ConferenceFacts,
  EditionSettings,
  Gates,
  Health,
  PublicSettings,
  ResultTexts,
  RetentionPeriods,
  SettingsRecord,
  StatusLabel,
  Timeline,
} from './settings.js';
export type {
  AdminUser,
  ProfileSaved,
  ProfileUser,
  ProfileView,
  Registered,
  RegisteredWithoutMail,
  RegistrationConfirmed,
  Session,
  SessionUser,
  SignedIn,
  UserRole,
} from './users.js';
export type {
  AdminApplicationDetail,
  AdminApplicationRow,
  ApplicationChanged,
  ApplicationData,
  ApplicationDataChange,
  ApplicationRecord,
  ApplicationStatistics,
  ApplicationStatus,
  BlindApplication,
  BulkStatusOutcome,
  BulkStatusResult,
  ConfirmationForm,
  FilteredApplications,
  JuryReference,
  ProofOfEnrollment,
  ProofUploaded,
  SavedApplication,
  StoredApplicationData,
  UserSearchResults,
} from './applications.js';
export type {
  ComparedDay,
  EditionComparison,
  EditionFigures,
  EditionHistoryRow,
  EditionView,
  NextEditionProposal,
  StartEdition,
  StartedEdition,
  TeamLeaderEligibility,
  TeamLeaderToKeep,
  VolunteerHistoryView,
} from './editions.js';
export type {
  AdminReference,
  BouncesMarked,
  RefereeDeclined,
  RefereeForm,
  ReferenceAnswer,
  ReferenceRatings,
  UserReference,
  UserReferences,
} from './references.js';
export type { JuryAssignmentResult, JuryAssignments, JuryItem, JuryPreview, JuryScore, JuryScoreSaved, JuryStatistics } from './jury.js';
export type {
  AdminShift,
  AdminShiftAssignment,
  AdminVenue,
  BoardShift,
  BoardVolunteer,
  CalendarFeedLink,
  CalendarFeedRevoked,
  CalendarFeedStatus,
  ImportResult,
  ImportRowError,
  LiveBoard,
  PerformanceRecordAsStored,
  RefusedPerformanceRecord,
  RosterShift,
  RosterVolunteer,
  SavedPerformanceRecords,
  ScheduleShift,
  ShiftDetail,
  ShiftVolunteer,
  StoredPerformanceRecord,
  TeamLeaderSchedule,
  TeamLeaderShift,
  VenueDayRoster,
  VenueView,
  VolunteerSchedule,
} from './schedule.js';
export type {
  DayShift,
  DayShiftHolder,
  DayShifts,
  OpenSwapRequest,
  SwapClosedReason,
  SwapPerson,
  SwapRequest,
  SwapRequestClosed,
  SwapRequests,
} from './swaps.js';
export type {
  Availability,
  BuildPreview,
  BuildScope,
  PersonFit,
  ScheduleBuild,
  ScheduleBuildRow,
  ShiftCandidate,
  ShiftCandidates,
  ShiftProposalStatus,
  ShiftProposalView,
  ScheduleException,
  UnavailableTime,
  VolunteerConstraints,
  VolunteerConstraintsInput,
  VolunteerPreferenceRow,
} from './builder.js';
export type {
  AudienceGroup,
  AudienceMember,
  AudienceNode,
  AudiencePreview,
  AudienceSegment,
  DeliveryState,
  MessageAuthor,
  MessageDetail,
  MessageDismissed,
  MessagePreview,
  MessageRecipientRow,
  MessageState,
  MessageSummary,
  MessageTestSent,
  ReceivedMessage,
  ReceivedMessages,
  TeamMessages,
  TeamMessageVenue,
  TeamMessageVenues,
} from './messages.js';
export type { CertificateStatus, LogisticsReport, LogisticsTotal, VenueReportRow, VolunteerReportRow } from './records.js';
export type {
  AuditActions,
  AuditEntryView,
  AuditReferences,
  JobRunView,
  JobView,
  ProofFile,
  ShiftReference,
  UploadTicket,
} from './admin.js';
export type { AdminError, ErrorEnvelope } from './errors.js';
export type {
  AcceptProposalBody,
  AddressBody,
  BulkStatusBody,
  CreateShiftAssignmentBody,
  CreateShiftBody,
  PerformanceRecordBody,
  SavePerformanceRecordsBody,
  StartBuildBody,
  UpdateSettingsBody,
  UpdateShiftAssignmentBody,
  UpdateShiftBody,
  UpdateStatusBody,
  VolunteerConstraintsBody,
} from './requests.js';
export type {
  ChangePasswordBody,
  ConfirmRegistrationBody,
  EmailBody,
  LoginBody,
  RegisterBody,
  ResetTokenBody,
  UpdateProfileBody,
  UpdateUserBody,
} from './user-requests.js';
export type { ConfirmBody, DeclineBody, SaveApplicationBody, SearchByUserBody } from './application-requests.js';
export type {
  BounceBody,
  CorrectRefereeBody,
  DeclineReferenceBody,
  ReferenceAnswerBody,
  ReplaceRefereeBody,
} from './reference-requests.js';
export type { StartEditionBody } from './edition-requests.js';
export type {
  AudienceBody,
  CreateMessageBody,
  CreateTeamMessageBody,
  MessageTextBody,
  PreviewMessageBody,
  RetryMessageBody,
  TeamAudienceBody,
} from './message-requests.js';
export type { AssignJuryBody, ScoreBody } from './jury-requests.js';
export type { RequestErasureBody } from './privacy-requests.js';
export type {
  AcceptSwapRequestBody,
  CreateSwapRequestBody,
  DeclineSwapRequestBody,
  DeleteSwapRequestBody,
  SwapCall,
} from './swap-requests.js';
export type { CreateUploadBody } from './file-requests.js';
export type {
  EditionQuery,
  ExportApplicationsQuery,
  FilterApplicationsQuery,
  AdminListQuery,
  LogisticsCsvQuery,
  NextEditionQuery,
  RosterQuery,
  ScheduleImportQuery,
} from './query-requests.js';
export type {
  CreateVenueBody,
  ProposeBody,
  RecordActionBody,
  ScheduleImportBody,
  SyncRecordActionsBody,
  UpdateVenueBody,
} from './schedule-requests.js';
export type { NotificationSettingsBody, PushDeviceBody, RemovePushDeviceBody, SubscriptionKeys } from './notification-requests.js';
export type {
  ConsentRecord,
  DataExportView,
  ErasureCounts,
  ErasureRequestView,
  MyData,
  PersonalDataArchive,
  RetentionRow,
} from './privacy.js';
export type {
  CheckInCodes,
  CheckInCodeView,
  NotificationSettings,
  NotificationSettingsView,
  PushDeviceSaved,
  RecordActionResult,
  SyncedRecordActions,
} from './week.js';
