import { Plus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { PageHeader } from "../../components/ui/misc";
import { useAuth } from "../../lib/auth-context";
import { usePlants } from "../../lib/garden-api";
import { AddPlantDialog } from "./add-plant-dialog";
import { PlantGrid } from "./plants-card";

export function PlantsPage() {
  const { status } = useAuth();
  const plants = usePlants();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <PageHeader title="Plant Tracker">
        <Button onClick={() => setAdding(true)}>
          <Plus size={20} aria-hidden />
          Add Plant
        </Button>
      </PageHeader>
      <PlantGrid status={status} plants={plants} wide />
      <AddPlantDialog
        open={adding}
        onOpenChange={setAdding}
        onAdded={(id) => navigate(`/plants/${id}`)}
      />
    </div>
  );
}
