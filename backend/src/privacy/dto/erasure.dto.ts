import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { Trim } from '../../common/validators/trim.js';
import type { Holds, RequestErasureBody, SameShape } from '@svp/domain/contract';

export const ERASURE_DTO_MESSAGES = {
  userId: 'userId must be the id of the person to erase',
  reason: 'Say why the person is erased (e.g. "asked by email on 3 May"): the reason is kept with the erasure.',
} as const;

/** POST /api/admin/erasures: the first administrator asks to erase a person. */
export class RequestErasureDto {
  @ApiProperty({ example: 12, description: 'The user to erase.' })
  @IsDefined({ message: ERASURE_DTO_MESSAGES.userId })
  @IsInt({ message: ERASURE_DTO_MESSAGES.userId })
  @Min(1, { message: ERASURE_DTO_MESSAGES.userId })
  @Max(2_147_483_647, { message: ERASURE_DTO_MESSAGES.userId })
  userId: number;

  @ApiProperty({
    example: 'Asked by email on 3 May 2026',
    description: "Why, kept with the erasure; the person's name and email are taken out of it when the erasure is confirmed.",
  })
  @Trim()
  @IsDefined({ message: ERASURE_DTO_MESSAGES.reason })
  @IsString({ message: ERASURE_DTO_MESSAGES.reason })
  @IsNotEmpty({ message: ERASURE_DTO_MESSAGES.reason })
  @MaxChars(1000, { message: 'The reason can be at most 1000 characters.' })
  reason: string;
}

/** The contract's RequestErasureBody is this DTO's shape (domain/src/contract/privacy-requests.ts). */
export type RequestErasureChecked = Holds<SameShape<RequestErasureDto, RequestErasureBody>>;
