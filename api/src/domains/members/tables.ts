import { boolean, date, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';

export const profiles = pgTable('profiles', {
  // A user's profile: the foreign key to users (ON DELETE CASCADE) is in the SQL of the migrations, the source of
  // truth. The mirror does not name it, so members does not import accounts: accounts uses members (ADR 0038).
  userId: integer('user_id').primaryKey(),
  name: text('name').notNull(),
  gender: text('gender').$type<'male' | 'female'>().notNull(),
  sexuality: text('sexuality').$type<'hetero' | 'gay' | 'lesbian' | 'bi'>().notNull().default('hetero'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  country: text('country').notNull(),
  region: text('region'),
  city: text('city'),
  reason: text('reason'),
  about: text('about'),
  hairColor: text('hair_color'),
  eyeColor: text('eye_color'),
  bodyType: text('body_type'),
  relationshipStatus: text('relationship_status'),
  tattoos: boolean('tattoos'),
  interests: jsonb('interests').$type<string[]>().notNull().default([]),
  status: text('status').$type<'active' | 'disabled' | 'inspection'>().notNull().default('active'),
  mainPhotoId: integer('main_photo_id'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const interests = pgTable('interests', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  country: text('country').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
});
