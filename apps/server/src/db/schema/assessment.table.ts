import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.table.ts';

/**
 * A person's risk assessment: seven yes/no answers, one row per person, replaced on save; and six
 * optional answers about their health (null when not answered), which the analysis reads
 * (packages/health/src/conditions.ts).
 */
export const assessments = pgTable('assessments', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  smoke: boolean('smoke').notNull(),
  alcohol: boolean('alcohol').notNull(),
  recreationalDrugs: boolean('recreational_drugs').notNull(),
  selfMedicate: boolean('self_medicate').notNull(),
  herbalConcoction: boolean('herbal_concoction').notNull(),
  illness: boolean('illness').notNull(),
  cancer: boolean('cancer').notNull(),
  diabetes: boolean('diabetes'),
  highBloodPressure: boolean('high_blood_pressure'),
  sickleCell: boolean('sickle_cell'),
  pregnant: boolean('pregnant'),
  asthmaOrCopd: boolean('asthma_or_copd'),
  heartDisease: boolean('heart_disease'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
