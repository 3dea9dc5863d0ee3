import fp from 'fastify-plugin';
import { adminRoutes } from './admin.routes.ts';
import { createAnnouncementsService } from './announcements.service.ts';
import { auditLogRoutes } from './audit-log.routes.ts';
import { createAuditLogService } from './audit-log.service.ts';
import { platformRoutes } from './platform.routes.ts';
import { createPlatformClinicsService } from './platform-clinics.service.ts';
import { createSupportAccountService } from './support-account.service.ts';

/** The platform admin's work, and the audit log viewer. */
export const adminModule = fp(
  async (app) => {
    const { db, clock, audit, config } = app;
    await app.register(adminRoutes, { config, announcements: createAnnouncementsService({ clock, audit }) });
    await app.register(platformRoutes, {
      platformClinics: createPlatformClinicsService({ db, audit, config }),
      supportAccount: createSupportAccountService({ db, audit }),
    });
    await app.register(auditLogRoutes, { auditLog: createAuditLogService({ clock, audit }) });
  },
  { name: 'admin', dependencies: ['core'] },
);
