-- Issue 26 Speed, decision 0045: the import's staging table is scratch space. Its rows are written
-- once per upload and deleted by the same import; a crash leaves nothing the next run needs (it
-- clears the upload's staged rows and reads the file again). So no foreign key (it more than doubled
-- the cost of a staged row) and no write-ahead log (UNLOGGED: emptied after a crash, which is fine).
ALTER TABLE "variable_data_staging" DROP CONSTRAINT "variable_data_staging_data_upload_id_data_uploads_id_fk";--> statement-breakpoint
ALTER TABLE "variable_data_staging" SET UNLOGGED;
