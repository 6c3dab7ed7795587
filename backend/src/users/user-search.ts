import { searchKey, searchWords } from '@svp/domain';
import {
  Brackets,
  type EntitySubscriberInterface,
  EventSubscriber,
  type InsertEvent,
  type ObjectLiteral,
  type SelectQueryBuilder,
  type UpdateEvent,
} from 'typeorm';
import { LIKE_ESCAPE } from '../common/admin-list.js';
import { User } from './user.entity.js';

/** Longest stored key: a decomposed name may be a few times longer than the name (see the SearchKeys migration). */
export const SEARCH_KEY_LENGTH = 400;

/** What an administrator may search in, and the property of User that holds its search key. */
export const SEARCH_KEY_PROPERTIES = { email: 'searchEmail', firstName: 'searchFirstName', lastName: 'searchLastName' } as const;
export type SearchCriterion = keyof typeof SEARCH_KEY_PROPERTIES;

/** Words typed at most: more only slow the query down. */
const MAX_WORDS = 5;

const keyOf = (text: string) => searchKey(text).slice(0, SEARCH_KEY_LENGTH);

/** Sets the search keys of the names and email being written (only of those being written). */
export function fillSearchKeys(user: ObjectLiteral): void {
  for (const [field, property] of Object.entries(SEARCH_KEY_PROPERTIES)) {
    if (typeof user[field] === 'string') user[property] = keyOf(user[field]);
  }
}

/** Keeps the search keys current on every insert and update of a user, whoever writes it. */
@EventSubscriber()
export class UserSearchKeysSubscriber implements EntitySubscriberInterface<User> {
  listenTo() {
    return User;
  }

  beforeInsert(event: InsertEvent<User>): void {
    fillSearchKeys(event.entity);
  }

  beforeUpdate(event: UpdateEvent<User>): void {
    if (event.entity) fillSearchKeys(event.entity);
  }
}

/** A LIKE pattern for 'contains this key', with %, _ and ! taken literally (pair with LIKE_ESCAPE). */
export function containsPattern(key: string): string {
  return `%${key.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Narrows `builder` to the users (joined or selected as `alias`) whose name or email matches the
 * text: with a criterion, that field contains the whole text; without, each word typed is in the
 * email, the first or the last name. Accents, case and the script's compatibility forms do not
 * matter (searchKey), and the keys are compared as bytes, so SQLite and MySQL answer alike.
 */
export function whereUserMatches<T extends ObjectLiteral>(
  builder: SelectQueryBuilder<T>,
  alias: string,
  text: string,
  criterion?: SearchCriterion,
): SelectQueryBuilder<T> {
  const property = (field: SearchCriterion) => `${alias}.${SEARCH_KEY_PROPERTIES[field]}`;
  if (criterion) {
    const key = searchKey(text);
    return key ? builder.andWhere(`${property(criterion)} LIKE :searchText ${LIKE_ESCAPE}`, { searchText: containsPattern(key) }) : builder;
  }
  searchWords(text)
    .slice(0, MAX_WORDS)
    .forEach((word, i) => {
      const name = `searchWord${i}`;
      builder.andWhere(
        new Brackets((w) => {
          for (const field of Object.keys(SEARCH_KEY_PROPERTIES) as SearchCriterion[])
            w.orWhere(`${property(field)} LIKE :${name} ${LIKE_ESCAPE}`, { [name]: containsPattern(word) });
        }),
      );
    });
  return builder;
}
