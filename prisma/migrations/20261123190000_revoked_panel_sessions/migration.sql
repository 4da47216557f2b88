-- CreateTable
CREATE TABLE "revoked_panel_sessions" (
    "sid" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "revoked_panel_sessions_pkey" PRIMARY KEY ("sid")
);

-- CreateIndex
CREATE INDEX "revoked_panel_sessions_expires_at_idx" ON "revoked_panel_sessions"("expires_at");

