import type { GeneratePlanInput } from "../../../core/garden";
import type { AssistantEngine } from "../../../core/schemas/chat";
import type {
  Assistant,
  ChatInput,
  GrowGuideInput,
  IdentificationSummaryInput,
  IssueAnalysisInput,
} from "./assistant";

/**
 * An assistant built on first use: reading and indexing the knowledge base and the crop names
 * takes seconds, which a start would otherwise spend before /api/health answers. main.ts calls
 * `warm()` once the server listens, so the first question rarely waits for it either.
 */
export class LazyAssistant implements Assistant {
  private built: Assistant | undefined;

  constructor(
    readonly engine: AssistantEngine,
    readonly name: string,
    private readonly build: () => Assistant,
  ) {}

  private get assistant(): Assistant {
    this.built ??= this.build();
    return this.built;
  }

  warm(): void {
    void this.assistant;
  }

  chat(input: ChatInput) {
    return this.assistant.chat(input);
  }

  growGuide(input: GrowGuideInput) {
    return this.assistant.growGuide(input);
  }

  identificationSummary(input: IdentificationSummaryInput) {
    return this.assistant.identificationSummary(input);
  }

  analyzeIssue(input: IssueAnalysisInput) {
    return this.assistant.analyzeIssue(input);
  }

  createPlan(input: GeneratePlanInput) {
    return this.assistant.createPlan(input);
  }
}
