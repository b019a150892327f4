// PATCH /api/v1/auth/enable_ai (SPEC §3.7): sets ai_enabled on the key's owner; harmless to repeat.

import { ApiError, sendJson } from '../http/errors.ts';
import type { Handler } from '../context.ts';

export const enableAiRoute: Handler = async (ctx, req, res) => {
  if (!ctx.config.aiAvailable) throw new ApiError(403, 'ai_not_available', 'AI is not available for your account');
  const u = await ctx.store.users.enableAi(req.auth!.user.id);
  sendJson(res, 200, {
    user: { id: u.id, email: u.email, first_name: u.first_name, last_name: u.last_name, ui_layout: u.ui_layout, ai_enabled: u.ai_enabled === 1 },
  });
};
