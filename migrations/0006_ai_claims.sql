-- A channel's computer seats are searched and posted by one process at a time: the one
-- whose claim row for the channel is new, or whose lease had run out (its claimer died
-- during a search). The lease ends at `lease_until`, in the app's Unix seconds (the
-- time the app's scheduler runs on); the claimer renews it before each search and move
-- and deletes the row when its chain of moves ends. The token tells a claim from a later
-- one that took over, so that a late claimer can neither renew nor release it.
CREATE SEQUENCE ai_claim_tokens;
CREATE TABLE ai_claims (
    channel bigint PRIMARY KEY,
    token bigint NOT NULL,
    lease_until bigint NOT NULL
);
