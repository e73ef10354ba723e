import { Table } from '@mantine/core';

export interface FigureTableData {
  caption: string;
  head: string[];
  rows: Array<{ key: string; cells: Array<string | number> }>;
}

/**
 * A chart's figures as a table (its text alternative, decisions 0814 and 0823): a caption, column
 * headers, and each row's first cell as the row's header.
 */
export function FigureTable({ table, testId, minWidth = 280 }: { table: FigureTableData; testId: string; minWidth?: number }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder data-testid={testId}>
        <Table.Caption>{table.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {table.head.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <Table.Th key={i} scope="row" fw={500}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={i}>{cell}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
