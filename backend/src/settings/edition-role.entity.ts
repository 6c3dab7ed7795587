import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Who held the team-leader role in an edition that is over (docs/decisions.md, 'Editions'): written
 * when the next edition starts. The current edition's team leaders are the users whose role says so.
 */
@Entity('edition_roles')
export class EditionRole {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  role: 'Team-Leader';
}
