-- Decision 0055: an import cut off by a crash goes on once, then ends refused. `runs` numbers the
-- import runs of an upload (a run writes only while the number is its own); `runs_cut` counts the runs
-- that the end of the process running them cut off.
ALTER TABLE "data_uploads" ADD COLUMN "runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_uploads" ADD COLUMN "runs_cut" integer DEFAULT 0 NOT NULL;