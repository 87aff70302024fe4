import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { Dropdown } from '../dropdown.entity.js';

/** One option of a list: the stored `value` and the shown `label`. */
export class DropdownOptionDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) value: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) label: string;
}

/** Body of `POST /api/dropdowns/{id}` and `PUT /api/admin/dropdowns/{id}`: the edited list. Extra read-only fields (id, key, updated_at) are accepted and ignored. */
export class UpdateDropdownDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) label?: string;
  @ApiProperty({ type: [DropdownOptionDto] })
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => DropdownOptionDto)
  options: DropdownOptionDto[];
  @ApiPropertyOptional({ type: Number, readOnly: true, description: 'echoed back from the read; ignored' }) @IsOptional() id?: unknown;
  @ApiPropertyOptional({ type: String, readOnly: true, description: 'echoed back from the read; ignored' }) @IsOptional() key?: unknown;
  @ApiPropertyOptional({ type: String, format: 'date-time', readOnly: true, description: 'echoed back from the read; ignored' })
  @IsOptional()
  updated_at?: unknown;
  @ApiPropertyOptional({ type: Boolean, readOnly: true, description: 'echoed back from the read; ignored' })
  @IsOptional()
  computed?: unknown;
}

/** A dropdown on the wire (DESIGN §4): `{id, key, label, options, updated_at}`. */
export class DropdownResponse {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'maritalStatus' }) key: string;
  @ApiProperty() label: string;
  @ApiProperty({ type: [DropdownOptionDto] }) options: DropdownOptionDto[];
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ description: 'true for lists computed by the server (card years), which cannot be edited' }) computed: boolean;

  /** Maps an entity to the wire shape. */
  static from(row: Dropdown, computed = false): DropdownResponse {
    return Object.assign(new DropdownResponse(), {
      id: row.id,
      key: row.key,
      label: row.label,
      options: row.options,
      updated_at: row.updatedAt.toISOString(),
      computed,
    });
  }
}
