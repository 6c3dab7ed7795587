import {
  AcceptProposalBody,
  AcceptSwapRequestBody,
  AddressBody,
  AssignJuryBody,
  AudienceBody,
  BounceBody,
  BulkStatusBody,
  ChangePasswordBody,
  ConfirmBody,
  ConfirmRegistrationBody,
  CorrectRefereeBody,
  CreateMessageBody,
  CreateShiftAssignmentBody,
  CreateShiftBody,
  CreateSwapRequestBody,
  CreateTeamMessageBody,
  CreateUploadBody,
  CreateVenueBody,
  DeclineBody,
  DeclineReferenceBody,
  DeclineSwapRequestBody,
  DeleteSwapRequestBody,
  EditionQuery,
  EmailBody,
  ExportApplicationsQuery,
  FilterApplicationsQuery,
  JuryPreviewQuery,
  LoginBody,
  LogisticsCsvQuery,
  MessageTextBody,
  NextEditionQuery,
  NotificationSettingsBody,
  PerformanceRecordBody,
  PreviewMessageBody,
  ProposeBody,
  PushDeviceBody,
  RecordActionBody,
  ReferenceAnswerBody,
  RegisterBody,
  RemovePushDeviceBody,
  ReplaceRefereeBody,
  RequestErasureBody,
  ResetTokenBody,
  RetryMessageBody,
  RosterQuery,
  SaveApplicationBody,
  SavePerformanceRecordsBody,
  ScheduleImportBody,
  ScheduleImportQuery,
  ScoreBody,
  SearchByUserBody,
  StartBuildBody,
  StartEditionBody,
  SyncRecordActionsBody,
  TeamAudienceBody,
  type TSchema,
  UpdateProfileBody,
  UpdateSettingsBody,
  UpdateShiftAssignmentBody,
  UpdateShiftBody,
  UpdateStatusBody,
  UpdateUserBody,
  UpdateVenueBody,
  VolunteerConstraintsBody,
} from '@svp/domain/contract';
import { SearchByUserDto } from '../applications/dto/admin-search.dto.js';
import { BulkStatusDto } from '../applications/dto/bulk-status.dto.js';
import { ConfirmDto, DeclineDto } from '../applications/dto/confirm.dto.js';
import { SaveApplicationDto } from '../applications/dto/save-application.dto.js';
import { UpdateStatusDto } from '../applications/dto/status.dto.js';
import { StartEditionDto } from '../editions/dto/start-edition.dto.js';
import { AssignJuryDto, JuryPreviewQueryDto } from '../jury/dto/assign-jury.dto.js';
import { ScoreDto } from '../jury/dto/score.dto.js';
import { RequestErasureDto } from '../privacy/dto/erasure.dto.js';
import { BounceDto, CorrectRefereeDto, ReplaceRefereeDto } from '../references/dto/referee-change.dto.js';
import { DeclineReferenceDto, ReferenceAnswerDto } from '../references/dto/referee.dto.js';
import { AcceptProposalDto, ProposeDto, StartBuildDto, VolunteerConstraintsDto } from '../builder/dto/builder.dto.js';
import { PerformanceRecordDto, SavePerformanceRecordsDto } from '../schedule/dto/performance-records.dto.js';
import { CreateShiftAssignmentDto, UpdateShiftAssignmentDto } from '../schedule/dto/shift-assignment.dto.js';
import { CreateShiftDto, UpdateShiftDto } from '../schedule/dto/shift.dto.js';
import { UpdateSettingsDto } from '../settings/dto/update-settings.dto.js';
import { UpdateUserDto } from '../users/dto/admin-user.dto.js';
import { LoginDto } from '../users/dto/login.dto.js';
import { ChangePasswordDto, ConfirmRegistrationDto, EmailDto, RegisterDto, ResetTokenDto } from '../users/dto/register.dto.js';
import { AddressDto, UpdateProfileDto } from '../users/dto/update-profile.dto.js';
import {
  AudienceDto,
  CreateMessageDto,
  CreateTeamMessageDto,
  MessageTextDto,
  PreviewMessageDto,
  RetryMessageDto,
  TeamAudienceDto,
} from '../messages/dto/messages.dto.js';
import { AcceptSwapRequestDto, CreateSwapRequestDto, DeclineSwapRequestDto, DeleteSwapRequestDto } from '../swap/dto/swap-request.dto.js';
import { CreateUploadDto } from '../files/dto/upload.dto.js';
import { NotificationSettingsDto, PushDeviceDto, RemovePushDeviceDto } from '../mail/notifications/dto/notifications.dto.js';
import { CreateVenueDto, UpdateVenueDto } from '../schedule/dto/venue.dto.js';
import { RecordActionDto, SyncRecordActionsDto } from '../schedule/dto/record-actions.dto.js';
import { ScheduleImportDto } from '../schedule/import/dto/schedule-import.dto.js';

import { EditionQueryDto } from '../common/edition-query.js';
import { ExportQueryDto, FilterQueryDto } from '../applications/dto/admin-search.dto.js';
import { NextEditionQueryDto } from '../editions/dto/start-edition.dto.js';
import { LogisticsCsvQueryDto } from '../reports/dto/reports.dto.js';
import { RosterQueryDto } from '../schedule/dto/roster.dto.js';
import { ScheduleImportQueryDto } from '../schedule/import/dto/schedule-import.dto.js';
/**
 * The request bodies declared in the contract (domain/src/contract/requests.ts and the *-requests.ts files beside it), by the
 * DTO whose component they describe in the OpenAPI document. Each DTO file checks at compile time that the class has its
 * schema's shape; the document takes the schema instead of what Nest reads from the class's decorators (which cannot tell
 * `number | null` from an object).
 */
const BODIES: [{ name: string }, TSchema][] = [
  [UpdateStatusDto, UpdateStatusBody],
  [BulkStatusDto, BulkStatusBody],
  [PerformanceRecordDto, PerformanceRecordBody],
  [SavePerformanceRecordsDto, SavePerformanceRecordsBody],
  [CreateShiftDto, CreateShiftBody],
  [UpdateShiftDto, UpdateShiftBody],
  [CreateShiftAssignmentDto, CreateShiftAssignmentBody],
  [UpdateShiftAssignmentDto, UpdateShiftAssignmentBody],
  [StartBuildDto, StartBuildBody],
  [VolunteerConstraintsDto, VolunteerConstraintsBody],
  [AcceptProposalDto, AcceptProposalBody],
  [AddressDto, AddressBody],
  [UpdateSettingsDto, UpdateSettingsBody],
  [LoginDto, LoginBody],
  [RegisterDto, RegisterBody],
  [EmailDto, EmailBody],
  [ConfirmRegistrationDto, ConfirmRegistrationBody],
  [ResetTokenDto, ResetTokenBody],
  [ChangePasswordDto, ChangePasswordBody],
  [UpdateUserDto, UpdateUserBody],
  [ReferenceAnswerDto, ReferenceAnswerBody],
  [DeclineReferenceDto, DeclineReferenceBody],
  [StartEditionDto, StartEditionBody],
  [ScoreDto, ScoreBody],
  [AssignJuryDto, AssignJuryBody],
  [RequestErasureDto, RequestErasureBody],
  [SaveApplicationDto, SaveApplicationBody],
  [ConfirmDto, ConfirmBody],
  [DeclineDto, DeclineBody],
  [SearchByUserDto, SearchByUserBody],
  [UpdateProfileDto, UpdateProfileBody],
  [ReplaceRefereeDto, ReplaceRefereeBody],
  [CorrectRefereeDto, CorrectRefereeBody],
  [BounceDto, BounceBody],
  [AudienceDto, AudienceBody],
  [MessageTextDto, MessageTextBody],
  [PreviewMessageDto, PreviewMessageBody],
  [CreateMessageDto, CreateMessageBody],
  [RetryMessageDto, RetryMessageBody],
  [TeamAudienceDto, TeamAudienceBody],
  [CreateTeamMessageDto, CreateTeamMessageBody],
  [CreateSwapRequestDto, CreateSwapRequestBody],
  [AcceptSwapRequestDto, AcceptSwapRequestBody],
  [DeclineSwapRequestDto, DeclineSwapRequestBody],
  [DeleteSwapRequestDto, DeleteSwapRequestBody],
  [CreateUploadDto, CreateUploadBody],
  [NotificationSettingsDto, NotificationSettingsBody],
  [PushDeviceDto, PushDeviceBody],
  [RemovePushDeviceDto, RemovePushDeviceBody],
  [CreateVenueDto, CreateVenueBody],
  [UpdateVenueDto, UpdateVenueBody],
  [RecordActionDto, RecordActionBody],
  [SyncRecordActionsDto, SyncRecordActionsBody],
  [ScheduleImportDto, ScheduleImportBody],
  [ProposeDto, ProposeBody],
];
export const REQUEST_BODIES: ReadonlyMap<string, TSchema> = new Map(BODIES.map(([dto, schema]) => [dto.name, schema]));

/**
 * The query parameters declared in the contract (domain/src/contract/query-requests.ts), by the DTO a route's `@Query()` takes:
 * the document describes that route's query parameters from the schema's properties instead of the DTO's decorators.
 */
const QUERIES: [{ name: string }, TSchema][] = [
  [EditionQueryDto, EditionQuery],
  [FilterQueryDto, FilterApplicationsQuery],
  [ExportQueryDto, ExportApplicationsQuery],
  [RosterQueryDto, RosterQuery],
  [ScheduleImportQueryDto, ScheduleImportQuery],
  [LogisticsCsvQueryDto, LogisticsCsvQuery],
  [NextEditionQueryDto, NextEditionQuery],
  [JuryPreviewQueryDto, JuryPreviewQuery],
];
export const QUERY_PARAMETERS: ReadonlyMap<string, TSchema> = new Map(QUERIES.map(([dto, schema]) => [dto.name, schema]));
