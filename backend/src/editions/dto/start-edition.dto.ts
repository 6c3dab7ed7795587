import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsObject } from 'class-validator';
import type { EditionSettings } from '@svp/domain';

/** POST /api/admin/editions: the new edition's settings, as edited on the form, and whether to copy the venues. */
export class StartEditionDto {
  @ApiProperty({
    description:
      'The settings the new edition starts with (GET /api/admin/editions/next, edited); a field left out keeps the proposed value.',
  })
  @IsDefined({ message: 'Send the new edition’s settings.' })
  @IsObject({ message: 'The settings must be an object.' })
  settings: Partial<EditionSettings>;

  @ApiProperty({ example: true })
  @IsDefined({ message: 'Say whether the venues are copied.' })
  @IsBoolean({ message: 'copyVenues must be true or false' })
  copyVenues: boolean;
}
