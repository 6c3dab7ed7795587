import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { EditionSettings } from '@svp/domain';
import { Venue } from '../schedule/venue.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import type { Message } from './message.entity.js';

export function organisersSignature(settings: EditionSettings): string {
  return `The ${settings.conference.name} Student Volunteers team`;
}

export function teamLeaderSignature(name: string, venue: string | undefined): string {
  return venue ? `${name}, team leader of ${venue}` : `${name}, team leader`;
}

/** How a message is signed: the organisers, or a team leader and their venue. */
@Injectable()
export class MessageSignatures {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Venue) private readonly venues: Repository<Venue>,
    private readonly settings: SettingsService,
  ) {}

  async of(messages: readonly Message[]): Promise<Map<number, string>> {
    const settings = await this.settings.get();
    const leaders = messages.filter((m) => m.authorKind === 'team-leader');
    const authorIds = [...new Set(leaders.map((m) => m.authorId))];
    const venueIds = [...new Set(leaders.map((m) => m.venueId).filter((id): id is number => id !== null))];
    const authors = new Map(
      (authorIds.length
        ? await this.users.find({ where: { id: In(authorIds) }, select: { id: true, firstName: true, lastName: true } })
        : []
      ).map((u) => [u.id, `${u.firstName} ${u.lastName}`]),
    );
    const venues = new Map(
      (venueIds.length ? await this.venues.find({ where: { id: In(venueIds) }, select: { id: true, name: true } }) : []).map((v) => [
        v.id,
        v.name,
      ]),
    );
    return new Map(
      messages.map((m) =>
        m.authorKind === 'team-leader'
          ? [m.id, teamLeaderSignature(authors.get(m.authorId) ?? 'A team leader', m.venueId === null ? undefined : venues.get(m.venueId))]
          : [m.id, organisersSignature(settings)],
      ),
    );
  }
}
