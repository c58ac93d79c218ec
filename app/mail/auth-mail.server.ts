// The embedded auth server's mails (confirmation, invitation, recovery) in the agency's dress: its
// head and name around the words, from its sender name, replies where Settings says. Never waits:
// the brand is the one this process read last.
import type { MailFrame } from "@portal/auth-server";
import { knownBrand, mailBrandOf } from "~/brand/brand.server";
import { framedMail } from "./compose";

export const frameAuthMail: MailFrame = (mail) => {
  const brand = knownBrand();
  return {
    ...framedMail(mailBrandOf(brand), mail),
    senderName: brand.senderName ?? brand.name,
    ...(brand.replyTo ? { replyTo: brand.replyTo } : {}),
  };
};
