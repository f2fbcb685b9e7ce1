import { Button } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface LiveNoticeProps {
  /** How many new rows wait: the notice shows when there are any. */
  count: number;
  /** "3 new passports", in the user's language. */
  text: string;
  onShow: () => void;
}

/**
 * Above a live list: "3 new passports: show". A polite live region, there before it has anything to
 * say, so screen readers announce it when it fills; "show" draws the new rows (useLiveList's showHeld).
 */
export function LiveNotice({ count, text, onShow }: LiveNoticeProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div role="status" aria-live="polite" className="live-notice-region">
      {count > 0 && (
        <div className="live-notice">
          <span id={id}>{text}:</span>{" "}
          <Button size="small" onClick={onShow} aria-describedby={id}>
            {t("live.show")}
          </Button>
        </div>
      )}
    </div>
  );
}
