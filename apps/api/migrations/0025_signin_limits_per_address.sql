-- A phone code's wrong tries from clients other than the one that asked for it are capped apart, so others cannot
-- use up a patient's code (decision 1295).
ALTER TABLE "otp_challenges" ADD COLUMN "foreign_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Failed sign-ins are counted per account and address; rows from before this change have no client and count
-- only for the account.
ALTER TABLE "sign_in_failures" ADD COLUMN "client" text;
--> statement-breakpoint
CREATE INDEX "sign_in_failures_client_at_idx" ON "sign_in_failures" USING btree ("client","at");
--> statement-breakpoint
-- The addresses an account has signed in from: an account under attack still lets them in at once.
CREATE TABLE "sign_in_clients" (
	"account" text NOT NULL,
	"client" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_clients_account_client_pk" PRIMARY KEY("account","client")
);
