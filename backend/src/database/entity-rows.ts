import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

/**
 * Plain SQL for the hot write paths, with TypeORM's own column mapping: the select list and the
 * hydration of an entity come from its metadata (so a new column needs no change here), but no
 * query builder runs per request. Building a query with TypeORM's builder cost more CPU than the
 * database spent on it (the application save, in `npm run bench:spike`); a cached statement costs nothing.
 */
export class EntityRows<T extends ObjectLiteral> {
  readonly metadata: EntityMetadata;
  private readonly selected: ColumnMetadata[];
  private readonly selects = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    target: EntityTarget<T>,
  ) {
    this.metadata = dataSource.getMetadata(target);
    if (this.metadata.embeddeds.length) throw new Error(`EntityRows does not map embedded columns (${this.metadata.name})`);
    this.selected = this.metadata.columns.filter((column) => column.isSelect && !column.isVirtualProperty);
  }

  /** The escaped table name. */
  get table(): string {
    return this.dataSource.driver.escape(this.metadata.tablePath);
  }

  /** The escaped database name of a property's column. */
  column(property: keyof T & string): string {
    return this.dataSource.driver.escape(this.columnOf(property).databaseName);
  }

  /** `alias.col AS alias_col, …` for every column, to read back with hydrate(row, alias). */
  select(alias: string): string {
    let list = this.selects.get(alias);
    if (!list) {
      const escape = (name: string) => this.dataSource.driver.escape(name);
      list = this.selected.map((c) => `${escape(alias)}.${escape(c.databaseName)} AS ${escape(`${alias}_${c.databaseName}`)}`).join(', ');
      this.selects.set(alias, list);
    }
    return list;
  }

  /** The entity in a row read with select(alias), or null when its primary key is null (nothing on a LEFT JOIN). */
  hydrate(row: Record<string, unknown>, alias: string): T | null {
    const primary = this.metadata.primaryColumns[0]!;
    const id = row[`${alias}_${primary.databaseName}`];
    if (id === null || id === undefined) return null;
    const entity = this.metadata.create() as T;
    for (const column of this.selected) {
      const value = row[`${alias}_${column.databaseName}`];
      if (value === undefined) continue;
      column.setEntityValue(entity, this.dataSource.driver.prepareHydratedValue(value, column));
    }
    return entity;
  }

  /** A property's value as the driver stores it (JSON text, 0/1, a UTC date-time…). */
  persistent(property: keyof T & string, value: unknown): unknown {
    return this.dataSource.driver.preparePersistentValue(value, this.columnOf(property));
  }

  private columnOf(property: string): ColumnMetadata {
    const column = this.metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${this.metadata.name} has no column for ${property}`);
    return column;
  }
}
