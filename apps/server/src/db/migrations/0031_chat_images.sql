ALTER TABLE "chat_messages" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_type" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_image_id_unique" UNIQUE("image_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_image_check" CHECK (("chat_messages"."image_id" IS NULL) = ("chat_messages"."image_key" IS NULL) AND ("chat_messages"."image_key" IS NULL) = ("chat_messages"."thumbnail_key" IS NULL));