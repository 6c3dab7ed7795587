import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A team leader in charge of a venue: they see its shifts and keep its volunteers' performance records. */
@Entity('venue_team_leaders')
export class VenueTeamLeader {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'venue_id', type: 'integer' })
  venueId: number;

  @Column({ name: 'team_leader_id', type: 'integer' })
  teamLeaderId: number;
}
