-- CreateTable
CREATE TABLE "sign_in_throttle" (
    "ip_digest" TEXT NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,
    "failures" INTEGER NOT NULL,

    CONSTRAINT "sign_in_throttle_pkey" PRIMARY KEY ("ip_digest")
);

-- CreateIndex
CREATE INDEX "sign_in_throttle_window_start_idx" ON "sign_in_throttle"("window_start");

