import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, ValidateIf } from 'class-validator';
import { EXCEPTION_REASON_MAX } from '@svp/domain';
import { MaxChars } from '../../common/validators/max-chars.js';
import { OptionalNotNull } from '../../common/validators/not-null.js';
import type { CreateShiftAssignmentBody, Holds, SameShape, UpdateShiftAssignmentBody } from '@svp/domain/contract';

const note = (field: string, max: number) => {
  const decorators = [
    IsOptional(),
    ValidateIf((_: unknown, v: unknown) => v !== null),
    IsString({ message: `${field} must be text` }),
    MaxChars(max, { message: `${field} must be at most ${max} characters` }),
  ];
  return (target: object, key: string | symbol) => decorators.forEach((decorate) => decorate(target, key));
};

/**
 * Why an administrator assigns someone despite a schedule rule (every rule but capacity and overlap
 * may be set aside this way): kept with the assignment, shown with it and audit-logged.
 */
export const ExceptionReason = () => {
  const decorators = [
    ApiPropertyOptional({
      maxLength: EXCEPTION_REASON_MAX,
      description:
        'Why an administrator assigns them despite a schedule rule (not capacity or overlap): kept with the assignment, shown with it ' +
        'and audit-logged; ignored when no rule is broken.',
    }),
    note('exceptionReason', EXCEPTION_REASON_MAX),
  ];
  return (target: object, key: string | symbol) => decorators.forEach((decorate) => decorate(target, key));
};

/** POST /api/admin/shift-assignments */
export class CreateShiftAssignmentDto {
  @ApiProperty()
  @IsInt({ message: 'shiftId must be a shift id' })
  shiftId: number;

  @ApiProperty({ description: "The volunteer's user id" })
  @IsInt({ message: 'volunteerId must be a user id' })
  volunteerId: number;

  @ApiPropertyOptional({ maxLength: 500, description: 'What the volunteer comes from, when back to back' })
  @note('startBackToBack', 500)
  startBackToBack?: string | null;

  @ApiPropertyOptional({ maxLength: 500, description: 'Where the volunteer goes next, when back to back' })
  @note('endBackToBack', 500)
  endBackToBack?: string | null;

  @ApiPropertyOptional({ maxLength: 2000 })
  @note('accommodations', 2000)
  accommodations?: string | null;

  @ApiPropertyOptional({ default: false, description: 'Pinned: the schedule builder never moves it' })
  @OptionalNotNull('pinned')
  @IsBoolean({ message: 'pinned must be true or false' })
  pinned?: boolean;

  @ExceptionReason()
  exceptionReason?: string | null;
}

/** PUT /api/admin/shift-assignments/:id: the fields sent are changed (moving to another shift or volunteer is checked like a new
 * assignment). */
export class UpdateShiftAssignmentDto {
  @ApiPropertyOptional()
  @OptionalNotNull('shiftId')
  @IsInt({ message: 'shiftId must be a shift id' })
  shiftId?: number;

  @ApiPropertyOptional()
  @OptionalNotNull('volunteerId')
  @IsInt({ message: 'volunteerId must be a user id' })
  volunteerId?: number;

  @ApiPropertyOptional({ maxLength: 500 })
  @note('startBackToBack', 500)
  startBackToBack?: string | null;

  @ApiPropertyOptional({ maxLength: 500 })
  @note('endBackToBack', 500)
  endBackToBack?: string | null;

  @ApiPropertyOptional({ maxLength: 2000 })
  @note('accommodations', 2000)
  accommodations?: string | null;

  @ApiPropertyOptional({ default: false, description: 'Pinned: the schedule builder never moves it' })
  @OptionalNotNull('pinned')
  @IsBoolean({ message: 'pinned must be true or false' })
  pinned?: boolean;

  @ExceptionReason()
  exceptionReason?: string | null;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/requests.ts). */
export type CreateShiftAssignmentChecked = Holds<SameShape<CreateShiftAssignmentDto, CreateShiftAssignmentBody>>;
export type UpdateShiftAssignmentChecked = Holds<SameShape<UpdateShiftAssignmentDto, UpdateShiftAssignmentBody>>;
