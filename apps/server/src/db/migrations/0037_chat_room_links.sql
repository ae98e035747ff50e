CREATE TABLE "chat_room_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "customer_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_room_links" ADD CONSTRAINT "chat_room_links_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_room_links_room_idx" ON "chat_room_links" USING btree ("room_id");