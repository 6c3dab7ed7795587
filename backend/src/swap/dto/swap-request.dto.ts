import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, Min, ValidateIf } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import type {
  AcceptSwapRequestBody,
  CreateSwapRequestBody,
  DeclineSwapRequestBody,
  DeleteSwapRequestBody,
  Holds,
  SameShape,
  SwapCall,
} from '@svp/domain/contract';

const requestId = (field: string) => ({ message: `${field} must be the id of a swap request` });

/** The caller's own SV ID, which the kept swap calls may carry (docs/product.md, 'The calls kept from the earlier portal'). */
abstract class SwapCallDto {
  @ApiPropertyOptional({ description: "The caller's own SV ID; refused when it is someone else's" })
  @IsOptional()
  @IsString({ message: 'svid must be your SV ID' })
  @MaxChars(16, { message: 'svid must be your SV ID' })
  svid?: string;
}

/** POST /api/schedule/swap/create: without swapped_shift_id and swapped_svid an open request, with both a directed one. */
export class CreateSwapRequestDto extends SwapCallDto {
  @ApiProperty({ description: 'The id of your shift you offer' })
  @IsDefined({ message: 'shift_id is required: the id of your shift you offer' })
  @IsInt({ message: 'shift_id must be the id of one of your shifts' })
  @Min(1, { message: 'shift_id must be the id of one of your shifts' })
  shift_id: number;

  @ApiPropertyOptional({ description: 'Directed request: the id of the shift you ask for' })
  @IsOptional()
  @IsInt({ message: 'swapped_shift_id must be the id of the shift you ask for' })
  @Min(1, { message: 'swapped_shift_id must be the id of the shift you ask for' })
  swapped_shift_id?: number;

  @ApiPropertyOptional({ description: 'Directed request: the SV ID of the volunteer who holds swapped_shift_id' })
  @IsOptional()
  @IsString({ message: 'swapped_svid must be the SV ID of the volunteer you ask' })
  @MaxChars(16, { message: 'swapped_svid must be the SV ID of the volunteer you ask' })
  swapped_svid?: string;
}

/** POST /api/schedule/swap/accept */
export class AcceptSwapRequestDto extends SwapCallDto {
  @ApiProperty()
  @IsDefined({ message: 'shift_swap_request_id is required' })
  @IsInt(requestId('shift_swap_request_id'))
  shift_swap_request_id: number;

  @ApiPropertyOptional({
    description: 'The id of your shift you give: required for an open request; for a directed one it is the shift asked for',
  })
  @IsOptional()
  @IsInt({ message: 'swapped_shift_id must be the id of one of your shifts' })
  swapped_shift_id?: number;
}

/** POST /api/schedule/swap/decline */
export class DeclineSwapRequestDto extends SwapCallDto {
  @ApiProperty()
  @IsDefined({ message: 'shift_swap_request_id is required' })
  @IsInt(requestId('shift_swap_request_id'))
  shift_swap_request_id: number;
}

/** POST /api/schedule/swap/delete: the request's id as shift_swap_request_id or as id. */
export class DeleteSwapRequestDto extends SwapCallDto {
  @ApiPropertyOptional()
  @ValidateIf((dto: DeleteSwapRequestDto) => dto.id === undefined || dto.shift_swap_request_id !== undefined)
  @IsDefined({ message: 'shift_swap_request_id is required' })
  @IsInt(requestId('shift_swap_request_id'))
  shift_swap_request_id?: number;

  @ApiPropertyOptional({ description: 'Another name for shift_swap_request_id' })
  @IsOptional()
  @IsInt(requestId('id'))
  id?: number;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/swap-requests.ts). */
export type SwapCallChecked = Holds<SameShape<SwapCallDto, SwapCall>>;
export type CreateSwapRequestChecked = Holds<SameShape<CreateSwapRequestDto, CreateSwapRequestBody>>;
export type AcceptSwapRequestChecked = Holds<SameShape<AcceptSwapRequestDto, AcceptSwapRequestBody>>;
export type DeclineSwapRequestChecked = Holds<SameShape<DeclineSwapRequestDto, DeclineSwapRequestBody>>;
export type DeleteSwapRequestChecked = Holds<SameShape<DeleteSwapRequestDto, DeleteSwapRequestBody>>;
