import type { ColumnType, Generated } from "kysely";

/** better-auth's own tables keep its camelCase column names (see migrations/0001). */
interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

export interface ProfileTable {
  user_id: string;
  email: string | null;
  display_name: string | null;
  photo_url: string | null;
  provider: string | null;
  location: string | null;
  zip: string | null;
  zone: string | null;
  zone_title: string | null;
  temp_range: string | null;
  zone_map: string | null;
  experience: string | null;
  preference: string | null;
  units: Generated<string>;
  onboarding_completed: Generated<number>;
  completed_at: string | null;
  plan: Generated<string>;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export interface PlantTable {
  id: string;
  user_id: string;
  name: string;
  scientific_name: string | null;
  common_name: string | null;
  slug: string | null;
  crop_slug: string | null;
  source: string;
  medium: string;
  place: string;
  lighting: string;
  start_method: string | null;
  experience: string | null;
  planting_date: string;
  stage_plan: Generated<string>;
  tips: Generated<string>;
  ai_plan_raw: string | null;
  ai_plan_version: Generated<number>;
  status: Generated<string>;
  stage: string | null;
  stage_started_at: string | null;
  next_task_id: string | null;
  image_path: string | null;
  location_place: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  identified_at: string | null;
}

export interface TaskTable {
  id: string;
  user_id: string;
  plant_id: string | null;
  title: string;
  type: Generated<string>;
  due_date: string | null;
  status: Generated<string>;
  priority: Generated<number>;
  notes: string | null;
  repeat_every_days: number | null;
  created_at: string;
  completed_at: string | null;
}

export interface MilestoneTable {
  id: string;
  user_id: string;
  plant_id: string;
  name: string;
  from_at: string | null;
  to_at: string | null;
  created_at: string;
}

export interface ChatTable {
  id: string;
  user_id: string;
  title: string;
  plant_context_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessageTable {
  id: string;
  chat_id: string;
  user_id: string;
  role: string;
  content: string;
  created_at: string;
  /** JSON MessageSource[]. */
  sources: Generated<string>;
  /** JSON MessageAction[]. */
  actions: Generated<string>;
  engine: string | null;
}

export interface WorkflowTable {
  id: string;
  user_id: string;
  name: string;
  template: string;
  created_at: string;
}

export interface WorkflowItemTable {
  id: string;
  workflow_id: string;
  position: number;
  title: string;
  done: Generated<number>;
}

export interface IdentificationTable {
  id: string;
  user_id: string;
  result: string;
  image_path: string | null;
  created_at: string;
}

export interface UsageTable {
  user_id: string;
  day: string;
  messages: Generated<number>;
}

export interface WeatherCacheTable {
  key: string;
  user_id: string | null;
  payload: string;
  fetched_at: string;
}

export interface Database {
  user: AuthUserTable;
  profile: ProfileTable;
  plants: PlantTable;
  tasks: TaskTable;
  milestones: MilestoneTable;
  chats: ChatTable;
  messages: MessageTable;
  workflows: WorkflowTable;
  workflow_items: WorkflowItemTable;
  identifications: IdentificationTable;
  usage: UsageTable;
  weather_cache: WeatherCacheTable;
}
