/**
 * A titled card holding one chart and its text alternative: the chart itself is hidden from
 * assistive technology and made `inert` (no tab stop inside), and a visually hidden table (caption = the title) gives screen-reader
 * users the same numbers. `testId` names the table so tests can read the figures.
 */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

/** Props of {@link ChartCard}. */
export interface ChartCardProps {
  /** Heading of the card and caption of its table. */
  title: string;
  /** Column headings of the text alternative. */
  columns: string[];
  /** Rows of the text alternative, already formatted. */
  rows: (string | number)[][];
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText: string;
  /** The chart (rendered only when `rows` is not empty). */
  children: ReactNode;
  testId: string;
}

/** One chart with its heading and accessible table. */
export function ChartCard({ title, columns, rows, emptyText, children, testId }: ChartCardProps) {
  const headingId = `${testId}-heading`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{emptyText}</Typography>
        ) : (
          <>
            {/* inert: MUI X Charts puts a tab stop in the SVG, which must not be focusable while hidden. */}
            <Box aria-hidden="true" inert>
              {children}
            </Box>
            {/* The hiding box wraps the table: a table ignores `width: 1px` and would widen the page on a phone. */}
            <Box sx={visuallyHidden}>
              <table data-testid={testId}>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={i}>
                      {row.map((cell, j) =>
                        j === 0 ? (
                          <th key={j} scope="row">
                            {cell}
                          </th>
                        ) : (
                          <td key={j}>{cell}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
