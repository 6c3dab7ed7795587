import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import type { Holds, SameShape, UpdateStatusBody } from '@svp/domain/contract';

/** POST /application/status/{username}: a wire id of the active catalogue (null or 0 is pending). */
export class UpdateStatusDto {
  @ApiPropertyOptional({
    nullable: true,
    description: 'Catalogue A: 1 Accepted, 2 Confirmed, 3 Rejected, 4 Declined, 5 Waitlisted; B: 1–8',
  })
  @ValidateIf((_o, value) => value !== null)
  @IsInt({ message: 'statusId must be a whole number or null' })
  @Min(0, { message: 'statusId must be a status id of the active catalogue' })
  @Max(8, { message: 'statusId must be a status id of the active catalogue' })
  statusId: number | null;

  @ApiPropertyOptional({ description: 'With an offer to a team-leader applicant: also grant the Team-Leader role.' })
  @IsOptional()
  @IsBoolean({ message: 'grantTeamLeader must be true or false' })
  grantTeamLeader?: boolean;
}

/** The contract's UpdateStatusBody is this DTO's shape (domain/src/contract/requests.ts). */
export type UpdateStatusChecked = Holds<SameShape<UpdateStatusDto, UpdateStatusBody>>;
