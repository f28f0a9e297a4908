import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_user_role" AS ENUM('ADMIN', 'USER', 'OPERATOR');
  CREATE TYPE "public"."enum_reservations_status" AS ENUM('CONFIRMED', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED', 'NO_SHOW', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION');
  CREATE TYPE "public"."enum_business_hours_day_of_week" AS ENUM('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY');
  CREATE TYPE "public"."enum_business_closures_closure_type" AS ENUM('FULL_DAY', 'PARTIAL_DAY', 'RECURRING_WEEKLY', 'RECURRING_MONTHLY', 'RECURRING_YEARLY');
  CREATE TYPE "public"."enum_upload_label" AS ENUM('HOME_CAROUSEL', 'IMAGES');
  CREATE TABLE "users_sessions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"created_at" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "users" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"surname" varchar,
  	"phone_number" varchar,
  	"user_role" "enum_users_user_role" DEFAULT 'USER' NOT NULL,
  	"upload_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"email" varchar NOT NULL,
  	"reset_password_token" varchar,
  	"reset_password_expiration" timestamp(3) with time zone,
  	"salt" varchar,
  	"hash" varchar,
  	"reset_password_requested_at" timestamp(3) with time zone,
  	"login_attempts" numeric DEFAULT 0,
  	"lock_until" timestamp(3) with time zone
  );
  
  CREATE TABLE "reservations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"note" varchar,
  	"user_id" integer,
  	"operator_id" integer,
  	"date_start" timestamp(3) with time zone,
  	"date_end" timestamp(3) with time zone,
  	"duration" numeric DEFAULT 0,
  	"total_price" numeric DEFAULT 0,
  	"status" "enum_reservations_status" DEFAULT 'PENDING' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "reservations_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"services_id" integer
  );
  
  CREATE TABLE "operators" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"surname" varchar,
  	"description" varchar,
  	"image_id" integer,
  	"user_id" integer,
  	"active" boolean DEFAULT true,
  	"position" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "services" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"time" numeric NOT NULL,
  	"description" varchar,
  	"price" numeric NOT NULL,
  	"image_id" integer,
  	"category_id" integer,
  	"active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "services_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"operators_id" integer
  );
  
  CREATE TABLE "category" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"position" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "banner" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"link" varchar,
  	"alt" varchar,
  	"show" boolean DEFAULT true,
  	"position" numeric DEFAULT 0,
  	"image_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "business_hours" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"day_of_week" "enum_business_hours_day_of_week" NOT NULL,
  	"is_closed" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "operating_intervals" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"opening_time" varchar NOT NULL,
  	"closing_time" varchar NOT NULL,
  	"business_hours_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "business_closures" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"business_id" numeric DEFAULT 1,
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"closure_type" "enum_business_closures_closure_type" NOT NULL,
  	"start_date" timestamp(3) with time zone NOT NULL,
  	"end_date" timestamp(3) with time zone NOT NULL,
  	"recurring_rule" varchar,
  	"is_active" boolean DEFAULT true,
  	"created_by_id" integer,
  	"updated_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "config" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"business_name" varchar DEFAULT 'Il tuo salone' NOT NULL,
  	"address" varchar,
  	"phone" varchar,
  	"email" varchar,
  	"cancellation_enabled" boolean DEFAULT true,
  	"cancellation_time_limit" numeric DEFAULT 24 NOT NULL,
  	"timezone" varchar DEFAULT 'Europe/Rome' NOT NULL,
  	"slot_step_minutes" numeric DEFAULT 15 NOT NULL,
  	"min_notice_minutes" numeric DEFAULT 60 NOT NULL,
  	"booking_horizon_days" numeric DEFAULT 60 NOT NULL,
  	"auto_confirm" boolean DEFAULT false,
  	"hold_minutes" numeric DEFAULT 10 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "upload" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"label" "enum_upload_label" DEFAULT 'IMAGES' NOT NULL,
  	"alt" varchar,
  	"position" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric,
  	"sizes_x1_url" varchar,
  	"sizes_x1_width" numeric,
  	"sizes_x1_height" numeric,
  	"sizes_x1_mime_type" varchar,
  	"sizes_x1_filesize" numeric,
  	"sizes_x1_filename" varchar,
  	"sizes_x2_url" varchar,
  	"sizes_x2_width" numeric,
  	"sizes_x2_height" numeric,
  	"sizes_x2_mime_type" varchar,
  	"sizes_x2_filesize" numeric,
  	"sizes_x2_filename" varchar
  );
  
  CREATE TABLE "holidays" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"date" timestamp(3) with time zone NOT NULL,
  	"recurring_yearly" boolean DEFAULT false,
  	"is_active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "password_recovery" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"token" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"used_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_kv" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"data" jsonb NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"global_slug" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer,
  	"reservations_id" integer,
  	"operators_id" integer,
  	"services_id" integer,
  	"category_id" integer,
  	"banner_id" integer,
  	"business_hours_id" integer,
  	"operating_intervals_id" integer,
  	"business_closures_id" integer,
  	"config_id" integer,
  	"upload_id" integer,
  	"holidays_id" integer,
  	"password_recovery_id" integer
  );
  
  CREATE TABLE "payload_preferences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar,
  	"value" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_preferences_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer
  );
  
  CREATE TABLE "payload_migrations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"batch" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users_sessions" ADD CONSTRAINT "users_sessions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "users" ADD CONSTRAINT "users_upload_id_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reservations" ADD CONSTRAINT "reservations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reservations_rels" ADD CONSTRAINT "reservations_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "reservations_rels" ADD CONSTRAINT "reservations_rels_services_fk" FOREIGN KEY ("services_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "operators" ADD CONSTRAINT "operators_image_id_upload_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."upload"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "services" ADD CONSTRAINT "services_image_id_upload_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."upload"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "services" ADD CONSTRAINT "services_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "services_rels" ADD CONSTRAINT "services_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "services_rels" ADD CONSTRAINT "services_rels_operators_fk" FOREIGN KEY ("operators_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "banner" ADD CONSTRAINT "banner_image_id_upload_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."upload"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "operating_intervals" ADD CONSTRAINT "operating_intervals_business_hours_id_business_hours_id_fk" FOREIGN KEY ("business_hours_id") REFERENCES "public"."business_hours"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "business_closures" ADD CONSTRAINT "business_closures_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "business_closures" ADD CONSTRAINT "business_closures_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "password_recovery" ADD CONSTRAINT "password_recovery_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_locked_documents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_reservations_fk" FOREIGN KEY ("reservations_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_operators_fk" FOREIGN KEY ("operators_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_services_fk" FOREIGN KEY ("services_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_category_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_banner_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banner"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_business_hours_fk" FOREIGN KEY ("business_hours_id") REFERENCES "public"."business_hours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_operating_intervals_fk" FOREIGN KEY ("operating_intervals_id") REFERENCES "public"."operating_intervals"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_business_closures_fk" FOREIGN KEY ("business_closures_id") REFERENCES "public"."business_closures"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_config_fk" FOREIGN KEY ("config_id") REFERENCES "public"."config"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_upload_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_holidays_fk" FOREIGN KEY ("holidays_id") REFERENCES "public"."holidays"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_password_recovery_fk" FOREIGN KEY ("password_recovery_id") REFERENCES "public"."password_recovery"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_preferences"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "users_sessions_order_idx" ON "users_sessions" USING btree ("_order");
  CREATE INDEX "users_sessions_parent_id_idx" ON "users_sessions" USING btree ("_parent_id");
  CREATE INDEX "users_user_role_idx" ON "users" USING btree ("user_role");
  CREATE INDEX "users_upload_idx" ON "users" USING btree ("upload_id");
  CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at");
  CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
  CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");
  CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id");
  CREATE INDEX "reservations_operator_idx" ON "reservations" USING btree ("operator_id");
  CREATE INDEX "reservations_date_start_idx" ON "reservations" USING btree ("date_start");
  CREATE INDEX "reservations_date_end_idx" ON "reservations" USING btree ("date_end");
  CREATE INDEX "reservations_status_idx" ON "reservations" USING btree ("status");
  CREATE INDEX "reservations_updated_at_idx" ON "reservations" USING btree ("updated_at");
  CREATE INDEX "reservations_created_at_idx" ON "reservations" USING btree ("created_at");
  CREATE INDEX "reservations_rels_order_idx" ON "reservations_rels" USING btree ("order");
  CREATE INDEX "reservations_rels_parent_idx" ON "reservations_rels" USING btree ("parent_id");
  CREATE INDEX "reservations_rels_path_idx" ON "reservations_rels" USING btree ("path");
  CREATE INDEX "reservations_rels_services_id_idx" ON "reservations_rels" USING btree ("services_id");
  CREATE INDEX "operators_image_idx" ON "operators" USING btree ("image_id");
  CREATE UNIQUE INDEX "operators_user_idx" ON "operators" USING btree ("user_id");
  CREATE INDEX "operators_active_idx" ON "operators" USING btree ("active");
  CREATE INDEX "operators_updated_at_idx" ON "operators" USING btree ("updated_at");
  CREATE INDEX "operators_created_at_idx" ON "operators" USING btree ("created_at");
  CREATE INDEX "services_image_idx" ON "services" USING btree ("image_id");
  CREATE INDEX "services_category_idx" ON "services" USING btree ("category_id");
  CREATE INDEX "services_active_idx" ON "services" USING btree ("active");
  CREATE INDEX "services_updated_at_idx" ON "services" USING btree ("updated_at");
  CREATE INDEX "services_created_at_idx" ON "services" USING btree ("created_at");
  CREATE INDEX "services_rels_order_idx" ON "services_rels" USING btree ("order");
  CREATE INDEX "services_rels_parent_idx" ON "services_rels" USING btree ("parent_id");
  CREATE INDEX "services_rels_path_idx" ON "services_rels" USING btree ("path");
  CREATE INDEX "services_rels_operators_id_idx" ON "services_rels" USING btree ("operators_id");
  CREATE UNIQUE INDEX "category_name_idx" ON "category" USING btree ("name");
  CREATE INDEX "category_updated_at_idx" ON "category" USING btree ("updated_at");
  CREATE INDEX "category_created_at_idx" ON "category" USING btree ("created_at");
  CREATE INDEX "banner_show_idx" ON "banner" USING btree ("show");
  CREATE INDEX "banner_image_idx" ON "banner" USING btree ("image_id");
  CREATE INDEX "banner_updated_at_idx" ON "banner" USING btree ("updated_at");
  CREATE INDEX "banner_created_at_idx" ON "banner" USING btree ("created_at");
  CREATE UNIQUE INDEX "business_hours_day_of_week_idx" ON "business_hours" USING btree ("day_of_week");
  CREATE INDEX "business_hours_updated_at_idx" ON "business_hours" USING btree ("updated_at");
  CREATE INDEX "business_hours_created_at_idx" ON "business_hours" USING btree ("created_at");
  CREATE INDEX "operating_intervals_business_hours_idx" ON "operating_intervals" USING btree ("business_hours_id");
  CREATE INDEX "operating_intervals_updated_at_idx" ON "operating_intervals" USING btree ("updated_at");
  CREATE INDEX "operating_intervals_created_at_idx" ON "operating_intervals" USING btree ("created_at");
  CREATE INDEX "business_closures_start_date_idx" ON "business_closures" USING btree ("start_date");
  CREATE INDEX "business_closures_is_active_idx" ON "business_closures" USING btree ("is_active");
  CREATE INDEX "business_closures_created_by_idx" ON "business_closures" USING btree ("created_by_id");
  CREATE INDEX "business_closures_updated_by_idx" ON "business_closures" USING btree ("updated_by_id");
  CREATE INDEX "business_closures_updated_at_idx" ON "business_closures" USING btree ("updated_at");
  CREATE INDEX "business_closures_created_at_idx" ON "business_closures" USING btree ("created_at");
  CREATE INDEX "config_updated_at_idx" ON "config" USING btree ("updated_at");
  CREATE INDEX "config_created_at_idx" ON "config" USING btree ("created_at");
  CREATE UNIQUE INDEX "upload_name_idx" ON "upload" USING btree ("name");
  CREATE INDEX "upload_label_idx" ON "upload" USING btree ("label");
  CREATE INDEX "upload_updated_at_idx" ON "upload" USING btree ("updated_at");
  CREATE INDEX "upload_created_at_idx" ON "upload" USING btree ("created_at");
  CREATE UNIQUE INDEX "upload_filename_idx" ON "upload" USING btree ("filename");
  CREATE INDEX "upload_sizes_x1_sizes_x1_filename_idx" ON "upload" USING btree ("sizes_x1_filename");
  CREATE INDEX "upload_sizes_x2_sizes_x2_filename_idx" ON "upload" USING btree ("sizes_x2_filename");
  CREATE INDEX "holidays_date_idx" ON "holidays" USING btree ("date");
  CREATE INDEX "holidays_is_active_idx" ON "holidays" USING btree ("is_active");
  CREATE INDEX "holidays_updated_at_idx" ON "holidays" USING btree ("updated_at");
  CREATE INDEX "holidays_created_at_idx" ON "holidays" USING btree ("created_at");
  CREATE INDEX "password_recovery_user_idx" ON "password_recovery" USING btree ("user_id");
  CREATE INDEX "password_recovery_token_idx" ON "password_recovery" USING btree ("token");
  CREATE INDEX "password_recovery_updated_at_idx" ON "password_recovery" USING btree ("updated_at");
  CREATE INDEX "password_recovery_created_at_idx" ON "password_recovery" USING btree ("created_at");
  CREATE UNIQUE INDEX "payload_kv_key_idx" ON "payload_kv" USING btree ("key");
  CREATE INDEX "payload_locked_documents_global_slug_idx" ON "payload_locked_documents" USING btree ("global_slug");
  CREATE INDEX "payload_locked_documents_updated_at_idx" ON "payload_locked_documents" USING btree ("updated_at");
  CREATE INDEX "payload_locked_documents_created_at_idx" ON "payload_locked_documents" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_order_idx" ON "payload_locked_documents_rels" USING btree ("order");
  CREATE INDEX "payload_locked_documents_rels_parent_idx" ON "payload_locked_documents_rels" USING btree ("parent_id");
  CREATE INDEX "payload_locked_documents_rels_path_idx" ON "payload_locked_documents_rels" USING btree ("path");
  CREATE INDEX "payload_locked_documents_rels_users_id_idx" ON "payload_locked_documents_rels" USING btree ("users_id");
  CREATE INDEX "payload_locked_documents_rels_reservations_id_idx" ON "payload_locked_documents_rels" USING btree ("reservations_id");
  CREATE INDEX "payload_locked_documents_rels_operators_id_idx" ON "payload_locked_documents_rels" USING btree ("operators_id");
  CREATE INDEX "payload_locked_documents_rels_services_id_idx" ON "payload_locked_documents_rels" USING btree ("services_id");
  CREATE INDEX "payload_locked_documents_rels_category_id_idx" ON "payload_locked_documents_rels" USING btree ("category_id");
  CREATE INDEX "payload_locked_documents_rels_banner_id_idx" ON "payload_locked_documents_rels" USING btree ("banner_id");
  CREATE INDEX "payload_locked_documents_rels_business_hours_id_idx" ON "payload_locked_documents_rels" USING btree ("business_hours_id");
  CREATE INDEX "payload_locked_documents_rels_operating_intervals_id_idx" ON "payload_locked_documents_rels" USING btree ("operating_intervals_id");
  CREATE INDEX "payload_locked_documents_rels_business_closures_id_idx" ON "payload_locked_documents_rels" USING btree ("business_closures_id");
  CREATE INDEX "payload_locked_documents_rels_config_id_idx" ON "payload_locked_documents_rels" USING btree ("config_id");
  CREATE INDEX "payload_locked_documents_rels_upload_id_idx" ON "payload_locked_documents_rels" USING btree ("upload_id");
  CREATE INDEX "payload_locked_documents_rels_holidays_id_idx" ON "payload_locked_documents_rels" USING btree ("holidays_id");
  CREATE INDEX "payload_locked_documents_rels_password_recovery_id_idx" ON "payload_locked_documents_rels" USING btree ("password_recovery_id");
  CREATE INDEX "payload_preferences_key_idx" ON "payload_preferences" USING btree ("key");
  CREATE INDEX "payload_preferences_updated_at_idx" ON "payload_preferences" USING btree ("updated_at");
  CREATE INDEX "payload_preferences_created_at_idx" ON "payload_preferences" USING btree ("created_at");
  CREATE INDEX "payload_preferences_rels_order_idx" ON "payload_preferences_rels" USING btree ("order");
  CREATE INDEX "payload_preferences_rels_parent_idx" ON "payload_preferences_rels" USING btree ("parent_id");
  CREATE INDEX "payload_preferences_rels_path_idx" ON "payload_preferences_rels" USING btree ("path");
  CREATE INDEX "payload_preferences_rels_users_id_idx" ON "payload_preferences_rels" USING btree ("users_id");
  CREATE INDEX "payload_migrations_updated_at_idx" ON "payload_migrations" USING btree ("updated_at");
  CREATE INDEX "payload_migrations_created_at_idx" ON "payload_migrations" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "users_sessions" CASCADE;
  DROP TABLE "users" CASCADE;
  DROP TABLE "reservations" CASCADE;
  DROP TABLE "reservations_rels" CASCADE;
  DROP TABLE "operators" CASCADE;
  DROP TABLE "services" CASCADE;
  DROP TABLE "services_rels" CASCADE;
  DROP TABLE "category" CASCADE;
  DROP TABLE "banner" CASCADE;
  DROP TABLE "business_hours" CASCADE;
  DROP TABLE "operating_intervals" CASCADE;
  DROP TABLE "business_closures" CASCADE;
  DROP TABLE "config" CASCADE;
  DROP TABLE "upload" CASCADE;
  DROP TABLE "holidays" CASCADE;
  DROP TABLE "password_recovery" CASCADE;
  DROP TABLE "payload_kv" CASCADE;
  DROP TABLE "payload_locked_documents" CASCADE;
  DROP TABLE "payload_locked_documents_rels" CASCADE;
  DROP TABLE "payload_preferences" CASCADE;
  DROP TABLE "payload_preferences_rels" CASCADE;
  DROP TABLE "payload_migrations" CASCADE;
  DROP TYPE "public"."enum_users_user_role";
  DROP TYPE "public"."enum_reservations_status";
  DROP TYPE "public"."enum_business_hours_day_of_week";
  DROP TYPE "public"."enum_business_closures_closure_type";
  DROP TYPE "public"."enum_upload_label";`)
}
