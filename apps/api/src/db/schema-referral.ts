import { referralStatuses } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinicReference } from './columns.ts';
import { users } from './schema.ts';

/**
 * One invitation of the referral program (decision 1010): who sent it to which address, its referral code (only the
 * hash is kept; the link in the e-mail is the only copy of the code), and when it reached each step.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The sender's clinic: the invitation belongs to it, whichever clinic the colleague joins. */
    clinicId: clinicReference(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case, as every e-mail address is stored. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    codeHash: text('code_hash').notNull(),
    status: text('status', { enum: referralStatuses }).notNull().default('invited'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The account the colleague made with the invitation. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    // The sender's list, newest first; and the count of their last 24 hours for the daily cap.
    index('referrals_sender_invited_idx').on(t.senderId, t.invitedAt.desc()),
    uniqueIndex('referrals_code_hash_unique').on(t.codeHash),
    // One open invitation per address, whoever sent it, even when two are sent at the same moment.
    uniqueIndex('referrals_open_email_unique').on(t.email).where(sql`${t.status} = 'invited'`),
    index('referrals_user_idx').on(t.userId),
  ],
);
