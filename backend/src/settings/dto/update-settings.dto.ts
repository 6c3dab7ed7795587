import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { CATALOGUE_NAMES, type CatalogueName, MAX_RETENTION_DAYS } from '@svp/domain';
import type { Holds, SameShape, UpdateSettingsBody } from '@svp/domain/contract';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Dates are checked as ISO-8601 instants and for their order by the domain rule, after merging. */
export class TimelineDto {
  @IsOptional() @IsString() applicationLaunchDate?: string;
  @IsOptional() @IsString() teamLeaderEndDate?: string;
  @IsOptional() @IsString() applicationEndDate?: string;
  @IsOptional() @IsString() referencesDeadline?: string;
  @IsOptional() @IsString() juryReleaseDate?: string;
  @IsOptional() @IsString() juryDeadline?: string;
  @IsOptional() @IsString() acceptanceDate?: string;
  @IsOptional() @IsString() confirmationDeadline?: string;
  @IsOptional() @IsString() schedulesReleaseDate?: string;
}

export class ConferenceDto {
  @IsOptional() @IsString() @IsNotEmpty() @MaxChars(100) name?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxChars(100) city?: string;
  @IsOptional() @Matches(DAY, { message: 'startDate must be a day like 2025-08-09' }) startDate?: string;
  @IsOptional() @Matches(DAY, { message: 'endDate must be a day like 2025-08-14' }) endDate?: string;
  @IsOptional() @Matches(DAY, { message: 'firstShiftDay must be a day like 2025-08-08' }) firstShiftDay?: string;
  @IsOptional() @Matches(DAY, { message: 'defaultScheduleDay must be a day like 2025-08-08' }) defaultScheduleDay?: string;
  @IsOptional() @IsInt() @Min(1) @Max(200) svHours?: number;
  @IsOptional() @IsInt() @Min(1) @Max(200) tlHours?: number;
  @IsOptional()
  @IsIn(['America/Los_Angeles', 'America/Vancouver'], { message: 'timeZone must be America/Los_Angeles or America/Vancouver' })
  timeZone?: string;
}

export class ResultTextsDto {
  @IsOptional() @IsString() @IsNotEmpty() @MaxChars(100) teamLeaderResults?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxChars(100) studentVolunteerResults?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxChars(100) thankYouTeamLeaderResults?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxChars(100) thankYouStudentVolunteerResults?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxChars(100) confirmBy?: string;
}

const retentionDays = (what: string) => ({ message: `${what} must be kept a whole number of days from 0 to ${MAX_RETENTION_DAYS}` });

/** Days each kind of sensitive data is kept after the edition ends (docs/decisions.md, 'How long personal data is kept'). */
export class RetentionDto {
  @IsOptional()
  @IsInt(retentionDays('proofs'))
  @Min(0, retentionDays('proofs'))
  @Max(MAX_RETENTION_DAYS, retentionDays('proofs'))
  proofs?: number;
  @IsOptional()
  @IsInt(retentionDays('passports'))
  @Min(0, retentionDays('passports'))
  @Max(MAX_RETENTION_DAYS, retentionDays('passports'))
  passports?: number;
  @IsOptional()
  @IsInt(retentionDays('health'))
  @Min(0, retentionDays('health'))
  @Max(MAX_RETENTION_DAYS, retentionDays('health'))
  health?: number;
  @IsOptional()
  @IsInt(retentionDays('phones'))
  @Min(0, retentionDays('phones'))
  @Max(MAX_RETENTION_DAYS, retentionDays('phones'))
  phones?: number;
  @IsOptional()
  @IsInt(retentionDays('refereeStatements'))
  @Min(0, retentionDays('refereeStatements'))
  @Max(MAX_RETENTION_DAYS, retentionDays('refereeStatements'))
  refereeStatements?: number;
  @IsOptional()
  @IsInt(retentionDays('performanceNotes'))
  @Min(0, retentionDays('performanceNotes'))
  @Max(MAX_RETENTION_DAYS, retentionDays('performanceNotes'))
  performanceNotes?: number;
}

/** Any subset of the edition settings; what is left out keeps its current value. */
export class UpdateSettingsDto {
  /** react-admin sends the record's id back; it names the one settings record and changes nothing. */
  @IsOptional() @IsString() id?: string;

  @IsOptional() @ValidateNested() @Type(() => TimelineDto) timeline?: TimelineDto;

  @IsOptional()
  @IsIn(CATALOGUE_NAMES as CatalogueName[], { message: 'statusCatalogue must be A or B' })
  statusCatalogue?: CatalogueName;

  @IsOptional() @IsBoolean({ message: 'swapsEnabled must be true or false' }) swapsEnabled?: boolean;
  @IsOptional() @IsBoolean({ message: 'autoOfferWaitlist must be true or false' }) autoOfferWaitlist?: boolean;
  /** 'Show references to the jury': their ratings and statements, never the referees' names or emails. */
  @IsOptional() @IsBoolean({ message: 'juryReferences must be true or false' }) juryReferences?: boolean;

  @IsOptional() @IsEmail({}, { message: 'contactEmail must be an email address' }) contactEmail?: string;

  @IsOptional()
  @IsUrl({ require_protocol: true, require_tld: false }, { message: 'mailingListUrl must be a web address starting with http(s)://' })
  mailingListUrl?: string;

  @IsOptional()
  @IsUrl({ require_protocol: true, require_tld: false }, { message: 'programmeUrl must be a web address starting with http(s)://' })
  programmeUrl?: string;

  @IsOptional() @ValidateNested() @Type(() => ConferenceDto) conference?: ConferenceDto;
  @IsOptional() @ValidateNested() @Type(() => ResultTextsDto) resultTexts?: ResultTextsDto;
  @IsOptional() @ValidateNested() @Type(() => RetentionDto) retention?: RetentionDto;
}

/** The contract's UpdateSettingsBody is this DTO's shape (domain/src/contract/requests.ts), and so is each of its parts. */
export type UpdateSettingsChecked = Holds<SameShape<UpdateSettingsDto, UpdateSettingsBody>>;
export type TimelineChecked = Holds<SameShape<TimelineDto, NonNullable<UpdateSettingsBody['timeline']>>>;
export type ConferenceChecked = Holds<SameShape<ConferenceDto, NonNullable<UpdateSettingsBody['conference']>>>;
export type ResultTextsChecked = Holds<SameShape<ResultTextsDto, NonNullable<UpdateSettingsBody['resultTexts']>>>;
export type RetentionChecked = Holds<SameShape<RetentionDto, NonNullable<UpdateSettingsBody['retention']>>>;
