-- issue #49: one `kopya_indirildi` per signing session and day. The day (YYYY-MM-DD in APP_TIMEZONE)
-- a session's copy download was last recorded; a conditional update on it lets one download a day
-- into the evidence chain, so a loop neither grows the chain nor forces a new evidence report.
ALTER TABLE "otp_codes" ADD COLUMN "copy_recorded_on" TEXT;

-- issue #49: a change of a user's own sign-in security (two-step sign-in on or off, a lockout while
-- the password is asked again) raises their session version, ending their other sessions; the
-- session that made it is kept by its id, until the version is raised again by anything else.
ALTER TABLE "users" ADD COLUMN "session_keep_sid" TEXT;
