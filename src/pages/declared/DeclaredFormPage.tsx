import { Card } from "antd";
import { useNavigate, useParams } from "react-router";
import { RecordForm, useDeclaredScreen } from "../../components/declared";
import { recordRouteOf, routeOf } from "../../resources/derive";

/**
 * A declared resource's create or edit form on a page of its own (`form: "page"`): after saving, the
 * record's page (or the list, when the role may not open it).
 */
export default function DeclaredFormPage() {
  const screen = useDeclaredScreen();
  const { id } = useParams();
  const navigate = useNavigate();
  return (
    <Card style={{ maxWidth: 720 }}>
      <RecordForm
        screen={screen}
        id={id}
        onSaved={(record) => {
          const saved = record?.id ?? id;
          navigate((saved !== undefined && recordRouteOf(screen, "show", saved)) || routeOf(screen, "list")!);
        }}
      />
    </Card>
  );
}
