import { getErrorMessage } from '@cartwheel/shared/errors';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useImportTranslations } from '../api/translations.ts';

/** Why an import was refused: the API lists every bad row. */
function rowProblems(error: unknown): string[] {
  const details = (error as { details?: unknown }).details;
  return Array.isArray(details)
    ? details.map((d: { row?: number; message?: string }) => `Row ${d.row}: ${d.message}`)
    : [];
}

/** Export the translations (all languages or one) as CSV, and import a filled-in file. */
export function TranslationsCsv({ language }: { language: string }) {
  const input = useRef<HTMLInputElement>(null);
  const importCsv = useImportTranslations();
  const [problems, setProblems] = useState<string[]>([]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProblems([]);
    try {
      const { written, removed } = await importCsv.mutateAsync(file);
      toast.success(`Imported: ${plural(written, 'translation')} saved, ${removed} removed`);
    } catch (error) {
      toast.error(`Import failed: ${getErrorMessage(error)}`);
      setProblems(rowProblems(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <a href={`/api/admin/translations/export?language=${language}`} download>
            <Download aria-hidden="true" />
            Export {language} CSV
          </a>
        </Button>
        <Button variant="outline" asChild>
          <a href="/api/admin/translations/export" download>
            <Download aria-hidden="true" />
            Export all languages
          </a>
        </Button>
        <Button variant="outline" onClick={() => input.current?.click()} disabled={importCsv.isPending}>
          <Upload aria-hidden="true" />
          {importCsv.isPending ? 'Importing…' : 'Import CSV'}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="hidden"
          aria-label="Translations CSV file"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </div>
      {problems.length ? (
        <ul role="alert" className="list-disc pl-5 text-destructive text-sm">
          {problems.slice(0, 20).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
