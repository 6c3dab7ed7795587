import { Injectable } from '@nestjs/common';
import { KeptFigures } from '../reports/kept-figures.js';
import { RetentionService } from './retention.service.js';

/** The logistics counts kept by retention removals, for the reports (KeptFigures). */
@Injectable()
export class RetentionKeptFigures implements KeptFigures {
  constructor(private readonly retention: RetentionService) {}

  logistics(editionId: number): Promise<Record<string, number>> {
    return this.retention.keptLogistics(editionId);
  }
}
