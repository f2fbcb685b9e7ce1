import { PlusOutlined } from "@ant-design/icons";
import type { BaseKey } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { RecordFormModal, RecordTable, useDeclaredScreen, useRecordPermissions } from "../../components/declared";
import { recordRouteOf, routeOf } from "../../resources/derive";
import { useDeclaredWords } from "../../components/declared";

/**
 * The list of any declared resource (issue 26), with its create button and its form (a modal over the
 * list, or its own page when the declaration says `form: "page"`). Its heading is the screen's h1, in
 * the top bar.
 */
export default function DeclaredListPage() {
  const screen = useDeclaredScreen();
  const { texts } = useDeclaredWords(screen.data);
  const permissions = useRecordPermissions(screen);
  const navigate = useNavigate();
  const [form, setForm] = useState<{ id?: BaseKey }>();
  const onPage = screen.data.form === "page";

  const create = () => (onPage ? navigate(routeOf(screen, "create")!) : setForm({}));
  const edit = (record: { id?: BaseKey }) => (onPage ? navigate(recordRouteOf(screen, "edit", record.id!)!) : setForm({ id: record.id }));

  return (
    <>
      <RecordTable
        screen={screen}
        permissions={permissions}
        onEdit={edit}
        toolbar={
          permissions.create && (!onPage || screen.pages.create) ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create}>
              {texts.createButton}
            </Button>
          ) : undefined
        }
      />
      {!onPage && <RecordFormModal screen={screen} open={form} onClose={() => setForm(undefined)} />}
    </>
  );
}
