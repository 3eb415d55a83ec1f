import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert, Skeleton } from "../../components/ui/misc";
import { useAuth } from "../auth/auth-context";
import { AddPlantDialog } from "./add-plant-dialog";
import { usePlants } from "./api";
import { PlantCard } from "./plant-card";

export function PlantsCard() {
  const { status } = useAuth();
  const plants = usePlants();
  const [adding, setAdding] = useState(false);
  return (
    <Card aria-labelledby="plants-title">
      <CardTitle
        action={
          <Button size="sm" onClick={() => setAdding(true)} disabled={status !== "signed-in"}>
            <Plus size={18} aria-hidden />
            Add Plant
          </Button>
        }
      >
        <span id="plants-title">My Plants & Stages</span>
      </CardTitle>
      <PlantGrid status={status} plants={plants} />
      <AddPlantDialog open={adding} onOpenChange={setAdding} />
    </Card>
  );
}

export function PlantGrid({
  status,
  plants,
}: {
  status: string;
  plants: ReturnType<typeof usePlants>;
}) {
  if (status === "signed-out")
    return <p className="text-stone-700">Sign in to track your plants.</p>;
  if (plants.isError)
    return (
      <Alert tone="error">
        <p>Your plants could not be loaded.</p>
        <button
          type="button"
          className="mt-1 font-semibold text-leaf-fg underline"
          onClick={() => plants.refetch()}
        >
          Try again
        </button>
      </Alert>
    );
  if (!plants.data)
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  if (plants.data.length === 0)
    return <p className="text-stone-700">No plants yet. Start your first grow!</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {plants.data.map((plant) => (
        <li key={plant.id}>
          <PlantCard plant={plant} />
        </li>
      ))}
    </ul>
  );
}
