import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { workflowRoutes } from "./routes";
import { WorkflowService } from "./service";
import { workflowTemplates } from "./templates";

export const workflowsPlugin: FastifyPluginAsyncZod<FeatureOptions> = async (
  app,
  { core, signedIn },
) => {
  const workflows = new WorkflowService(core.database, workflowTemplates(), core.publishLive);
  await app.register(signedIn(workflowRoutes(workflows)));
};
